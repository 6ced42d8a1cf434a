// Source:  https://github.com/DL42/ParallelPopGen/blob/32cc956b49ef0e35c1823a25d6e0ce84ebe0df00/3P/_internal/spectrum.cu
// Licence: MIT
// Kept: spectrum.cu lines 14-15 (namespace), 74-139 (its __global__ kernels) and 141-142 unchanged; line 10's
// include of the bundled cub (../_outside_libraries/cub/block/block_reduce.cuh) is written <cub/...>; lines 16-72
// (a host-side class) and the host functions after line 142 are left out.
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

#include <cub/block/block_reduce.cuh>

namespace Spectrum_details{


__global__ void population_hist(unsigned int * out_histogram, float * in_mutation_freq, int Nchrome_e, int num_mutations, int num_sites){
	int myID =  blockIdx.x*blockDim.x + threadIdx.x;

	for(int id = myID; id < num_mutations; id+= blockDim.x*gridDim.x){
		int index = round(Nchrome_e*in_mutation_freq[id]);
		if(index == Nchrome_e){ index = 0; }
		atomicAdd(&out_histogram[index],1);
	}
	if(myID == 0){  atomicAdd(&out_histogram[0], (num_sites - num_mutations));  }
}

__global__ void uint_to_float(float * out_array, unsigned int * in_array, int N){
	int myID =  blockIdx.x*blockDim.x + threadIdx.x;
	for(int id = myID; id < N; id+= blockDim.x*gridDim.x){ out_array[id] = in_array[id]; }
}

__global__ void binom_coeff(float * binom_coeff, int half_n, int n){
	int myIDx =  blockIdx.x*blockDim.x + threadIdx.x;

	for(int idx = (myIDx+1); idx < half_n; idx+= blockDim.x*gridDim.x){ binom_coeff[idx] =  logf((n+1.f-idx)/((float)idx)); }
	if(myIDx == 0){ binom_coeff[0] = 0.0; }
}

__global__ void print_Device_array_float(float * array, int num){

		//if(i%1000 == 0){ printf("\n"); }
	for(int j = 0; j < num; j++){ printf("%d: %f\t",j,array[j]); }
	printf("\n");
}

__global__ void print_Device_array_double(double * array, int start, int end){

		//if(i%1000 == 0){ printf("\n"); }
	for(int j = start; j < end; j++){ printf("%d: %f\t",j,array[j]); }
	printf("\n");
}

template <int BLOCK_THREADS>
__global__ void binom(float * d_histogram, const float * const d_mutations_freq, const float * const d_binom_coeff, const int half_n, const int num_levels, float num_sites, int num_mutations){
	int myIDx =  blockIdx.x*blockDim.x + threadIdx.x;
	int myIDy = blockIdx.y;
	typedef cub::BlockReduce<float, BLOCK_THREADS> BlockReduceT;
	__shared__ typename BlockReduceT::TempStorage temp_storage;
	float thread_data[1];

	for(int idy = myIDy; idy <= num_levels; idy+= blockDim.y*gridDim.y){
		thread_data[0] = 0;
		for(int idx = myIDx; idx < num_mutations; idx+= blockDim.x*gridDim.x){
			float pf = d_mutations_freq[idx];
			if(pf > 0 && pf < 1){ //segregating in this population
				float qf = 1-pf;
				float powp = idy*logf(pf);
				float powq = (num_levels-idy)*logf(qf);
				float coeff;
				if(idy < half_n){ coeff = d_binom_coeff[idy]; } else{ coeff = d_binom_coeff[num_levels-idy]; }
				thread_data[0] += expf(coeff+powp+powq);
			}else if(idy == 0){ thread_data[0] += 1.f; } //segregating in other populations: this is the marginal SFS in one population, so they count as monomorphic only
		}
		float aggregate = BlockReduceT(temp_storage).Sum(thread_data);
		if(threadIdx.x == 0){
			if(idy == num_levels){ atomicAdd(&d_histogram[0],aggregate); }
			else{ atomicAdd(&d_histogram[idy],aggregate);  }
		}
	}
	if(myIDx == 0 && myIDy == 0){  atomicAdd(&d_histogram[0],(float)(num_sites-num_mutations));  }
}

} /*----- end namespace Spectrum_details ----- */
//!\endcond
