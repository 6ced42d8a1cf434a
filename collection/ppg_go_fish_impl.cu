// Source:  https://github.com/DL42/ParallelPopGen/blob/32cc956b49ef0e35c1823a25d6e0ce84ebe0df00/3P/_internal/go_fish_impl.cu
// Licence: MIT
// Kept: go_fish_impl.cu lines 10-11 (namespace), 34-70, 72-145 and 190-197 unchanged; line 8's include of
// go_fish_impl.cuh (host templates, cub, Random123) is not needed by these kernels and is left out; lines
// 146-189 (scatter_arrays, which calls __shfl_up and __shfl without _sync, gone for compute_70 on) are left out.
// No build flags.
// The MIT License (MIT)
//
// Copyright (c) 2015 David S. Lawrie
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.
//

//!\cond
namespace go_fish_details{

__global__ void reverse_array(float * array, const int N){
	int myID = blockIdx.x*blockDim.x + threadIdx.x;
	for(int id = myID; id < N/2; id += blockDim.x*gridDim.x){
		float temp = array[N - id - 1];
		array[N - id - 1] = array[id];
		//float temp = roundf(10000*array[N - id - 1])/10000.f;
		//array[N - id - 1] = roundf(10000*array[id])/10000.f;
		array[id] = temp;
	}
}

__global__ void initialize_mse_mutation_array(float * mutations_freq, const int * freq_index, const int * scan_index, const int offset, const int Nchrom, const int population, const int num_populations, const int array_Length){
	int myIDy = blockIdx.y*blockDim.y + threadIdx.y;
	for(int idy = myIDy; idy < (Nchrom-1); idy+= blockDim.y*gridDim.y){
		int myIDx = blockIdx.x*blockDim.x + threadIdx.x;
		int start = scan_index[offset+idy];
		int num_mutations = freq_index[offset+idy];
		float freq = (idy+1.f)/Nchrom;
		for(int idx = myIDx; idx < num_mutations; idx+= blockDim.x*gridDim.x){
			for(int pop = 0; pop < num_populations; pop++){ mutations_freq[pop*array_Length + start + idx] = 0; }
			mutations_freq[population*array_Length + start + idx] = freq;
		}
	}
}

__global__ void mse_set_mutID(int4 * mutations_ID, const float * const mutations_freq, const int mutations_Index, const int num_populations, const int array_Length, const bool preserve_mutations){
	int myID = blockIdx.x*blockDim.x + threadIdx.x;
	for(int id = myID; id < mutations_Index; id+= blockDim.x*gridDim.x){
		for(int pop = 0; pop < num_populations; pop++){
			if(mutations_freq[pop*array_Length+id] > 0){
				if(!preserve_mutations){ mutations_ID[id] = make_int4(0,pop,(id+1),0); }
				else{ mutations_ID[id] = make_int4(0,pop,-1*(id+1),0); } //age: eventually will replace where mutations have age <= 0 (age before sim start)//threadID//population//to ensure that ID is non-zero, so that preservation flag can be a -ID
				break; //assumes mutations are only in one population at start
			}
		}
	}
}
/*__global__ void print_Device_array_uint(unsigned int * array, int num){

	for(int i = 0; i < num; i++){
		//if(i%1000 == 0){ printf("\n"); }
		printf("%d: %d\t",i,array[i]);
	}
}

__global__ void sum_Device_array_bit(unsigned int * array, int num){
//	int sum = 0;
	for(int i = 0; i < num; i++){
		//if(i%1000 == 0){ printf("\n"); }
		unsigned int n = array[i];
		while (n) {
		    if (n & 1)
		    	sum+=1;
		    n >>= 1;
		}
		printf("%d\t",__popc(array[i]));
	}
}

__global__ void sum_Device_array_uint(unsigned int * array, int num){
	int j = 0;
	for(int i = 0; i < num; i++){
		j += array[i];
	}
	printf("%d",j);
}

__global__ void sum_Device_array_float(float * array, int start, int end){
	double j = 0;
	for(int i = start; i < end; i++){
		j += array[i];
	}
	printf("%lf\n",j);
}

__global__ void compareDevicearray(int * array1, int * array2, int array_length){
	int myID =  blockIdx.x*blockDim.x + threadIdx.x;
	for(int id = myID; id < array_length; id+= blockDim.x*gridDim.x){
		if(array1[id] != array2[id]){ printf("%d,%d,%d\t",id,array1[id],array2[id]); }
	}
}

__global__ void copyDevicearray(int * array1, int * array2, int array_length){
	int myID =  blockIdx.x*blockDim.x + threadIdx.x;
	for(int id = myID; id < array_length; id+= blockDim.x*gridDim.x){ array1[id] = array2[id]; }
}

__global__ void compareDevicearray(float * array1, float * array2, int array_length){
	int myID =  blockIdx.x*blockDim.x + threadIdx.x;
	for(int id = myID; id < array_length; id+= blockDim.x*gridDim.x){
		if(array1[id] != array2[id]){ printf("%d,%f,%f\t",id,array1[id],array2[id]); return; }
	}
}

__global__ void copyDevicearray(float * array1, float * array2, int array_length){
	int myID =  blockIdx.x*blockDim.x + threadIdx.x;
	for(int id = myID; id < array_length; id+= blockDim.x*gridDim.x){ array1[id] = array2[id]; }
}

__global__ void print_Device_array_float(float * array, int num){
	printf("%5.10e\n",array[num]);
}*/

__global__ void add_new_mutations(float * mutations_freq, int4 * mutations_ID, const int prev_mutations_Index, const int new_mutations_Index, const int array_Length, float freq, const int population, const int num_populations, const int generation){
	int myID =  blockIdx.x*blockDim.x + threadIdx.x;
	for(int id = myID; (id < (new_mutations_Index-prev_mutations_Index)) && ((id + prev_mutations_Index) < array_Length); id+= blockDim.x*gridDim.x){
		for(int pop = 0; pop < num_populations; pop++){ mutations_freq[(pop*array_Length+prev_mutations_Index+id)] = 0; }
		mutations_freq[(population*array_Length+prev_mutations_Index+id)] = freq;
		mutations_ID[(prev_mutations_Index+id)] = make_int4(generation,population,(id+1),0); //to ensure that ID is non-zero, so that preservation flag can be a -ID
	}
}


__global__ void preserve_prev_run_mutations(int4 * mutations_ID, const int mutations_Index){
	int myID =  blockIdx.x*blockDim.x + threadIdx.x;
	for(int id = myID; id < mutations_Index; id+= blockDim.x*gridDim.x){ mutations_ID[id].z = -1*abs(mutations_ID[id].z); } //preservation flag is a -ID, use of absolute value is to ensure that if ID is already
}

} /* ----- end namespace go_fish_details ----- */
//!\endcond
