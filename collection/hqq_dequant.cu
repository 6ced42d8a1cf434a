// tilelab kernel collection: HQQ's CUDA unpacking and dequantisation kernels (8-, 4-, 2-, 1-bit weights packed in
// bytes, 3-bit in int32 words; W = (Wq - zero) * scale with a zero and a scale per column)
// Source:  https://github.com/mobiusml/hqq/blob/e0b1d00e095653359da9de1d7dbb35a994aa6b96/hqq/kernels/hqq_aten_cuda_kernel.cu
//          (mobiusml/hqq, commit e0b1d00; the host side is the same file's torch::Tensor functions)
// Licence: Apache-2.0 (the file's SPDX line, kept below; the repository's LICENSE is the Apache License 2.0).
// Kept: lines 1-4 (the notice) and 34-43, 80-88, 108-122, 158-169, 190-206, 243-258, 278-298, 336-353, 376-398 (every __global__ kernel with the "//Simple"
//       comment above it, unchanged). Removed: lines 6-32 (torch/ATen includes, the CHECK_* macros, cdiv, BLOCK_SIZE
//       256, SHARED_SIZE and the AT_DISPATCH macros: host code) and each kernel's torch::Tensor host function. The
//       launches are those host functions': blocks = cdiv(n, BLOCK_SIZE) of BLOCK_SIZE = 256 threads, n = h * w
//       for an (h, w) packed tensor, the output (r * h, w) for r values a byte (a 32-bit word for 3-bit).

/*
 * SPDX-License-Identifier: Apache-2.0
 * Written by Dr. Hicham Badri @Mobius Labs GmbH - 2024
 */

//Simple
template <typename scalar_t>
__global__ void dequantize_8bit_u8_kernel(unsigned char* __restrict__ Wq_packed, scalar_t* __restrict__ scale, scalar_t* __restrict__ zero, scalar_t* W_r, int h, int w) { 
	int i = blockIdx.x*blockDim.x + threadIdx.x;
	const int n = h*w;
	if(i>=n) return;

	int j   = i % w;
	W_r[i]  = (scalar_t(Wq_packed[i]) - zero[j])*scale[j];  
}

//Simple
__global__ void unpack_4bit_u8_kernel(unsigned char* __restrict__ Wq_packed, unsigned char* Wq_unpacked, int n) { 
	int i = blockIdx.x*blockDim.x + threadIdx.x;
	if(i>=n) return;

	const unsigned char _Wq  = Wq_packed[i];
	Wq_unpacked[i]     = (_Wq & 0xF0) >> 4;  //First chunk
	Wq_unpacked[i + n] = (_Wq & 0x0F);       //Second chunk	
}

//Simple
template <typename scalar_t>
__global__ void dequantize_4bit_u8_kernel(unsigned char* __restrict__ Wq_packed, scalar_t* __restrict__ scale, scalar_t* __restrict__ zero, scalar_t* W_r, int h, int w) { 
	int i = blockIdx.x*blockDim.x + threadIdx.x;
	const int n = h*w;
	if(i>=n) return;

	const int j             = i % w;
	const unsigned char _Wq = Wq_packed[i];
	const scalar_t _zero    = zero[j];
	const scalar_t _scale   = scale[j];

	W_r[i]     = (scalar_t((_Wq & 0xF0) >> 4) - _zero)*_scale;  //First chunk
	W_r[i + n] = (scalar_t((_Wq & 0x0F))      - _zero)*_scale;  //Second chunk
}

//Simple
__global__ void unpack_2bit_u8_kernel(unsigned char* __restrict__ Wq_packed, unsigned char* Wq_unpacked, int n) { 
	int i = blockIdx.x*blockDim.x + threadIdx.x;
	if(i>=n) return;

	const unsigned char _Wq = Wq_packed[i];

	Wq_unpacked[i]       = (_Wq & 0xC0) >> 6;  //1st chunk
	Wq_unpacked[i + n]   = (_Wq & 0x30) >> 4;  //2nd chunk
	Wq_unpacked[i + n*2] = (_Wq & 0x0C) >> 2;  //3rd chunk	
	Wq_unpacked[i + n*3] = (_Wq & 0x03);       //4th chunk	
}

//Simple
template <typename scalar_t>
__global__ void dequantize_2bit_u8_kernel(unsigned char* __restrict__ Wq_packed, scalar_t* __restrict__ scale, scalar_t* __restrict__ zero, scalar_t* W_r, int h, int w) { 
	int i = blockIdx.x*blockDim.x + threadIdx.x;
	const int n = h*w;
	if(i>=n) return;

	const int j             = i % w;
	const unsigned char _Wq = Wq_packed[i];
	const scalar_t _zero    = zero[j];
	const scalar_t _scale   = scale[j];

	W_r[i]       = (scalar_t((_Wq & 0xC0) >> 6) - _zero)*_scale;  //1st chunk
	W_r[i + n]   = (scalar_t((_Wq & 0x30) >> 4) - _zero)*_scale;  //2nd chunk
	W_r[i + n*2] = (scalar_t((_Wq & 0x0C) >> 2) - _zero)*_scale;  //3rd chunk	
	W_r[i + n*3] = (scalar_t((_Wq & 0x03))      - _zero)*_scale;  //4th chunk	
}

//Simple
__global__ void unpack_1bit_u8_kernel(unsigned char* __restrict__ Wq_packed, unsigned char* Wq_unpacked, int n) { 
	int i = blockIdx.x*blockDim.x + threadIdx.x;
	if(i>=n) return;

	const unsigned char _Wq = Wq_packed[i];

	Wq_unpacked[i]       = (_Wq & 0x80) >> 7;  //1st chunk
	Wq_unpacked[i + n]   = (_Wq & 0x40) >> 6;  //2nd chunk
	Wq_unpacked[i + n*2] = (_Wq & 0x20) >> 5;  //3rd chunk	
	Wq_unpacked[i + n*3] = (_Wq & 0x10) >> 4;  //4th chunk	
	Wq_unpacked[i + n*4] = (_Wq & 0x08) >> 3;  //5th chunk	
	Wq_unpacked[i + n*5] = (_Wq & 0x04) >> 2;  //6th chunk	
	Wq_unpacked[i + n*6] = (_Wq & 0x02) >> 1;  //7th chunk	
	Wq_unpacked[i + n*7] = (_Wq & 0x01);       //8th chunk	
}

//Simple
template <typename scalar_t>
__global__ void dequantize_1bit_u8_kernel(unsigned char* __restrict__ Wq_packed, scalar_t* __restrict__ scale, scalar_t* __restrict__ zero, scalar_t* W_r, int h, int w) { 
	int i = blockIdx.x*blockDim.x + threadIdx.x;
	const int n = h*w;
	if(i>=n) return;

	const int j              = i % w;
	const unsigned char _Wq  = Wq_packed[i];
	const scalar_t     _zero = zero[j];
	const scalar_t    _scale = scale[j];

	W_r[i]       = (scalar_t((_Wq & 0x80) >> 7) - _zero)*_scale;  //1st chunk
	W_r[i + n]   = (scalar_t((_Wq & 0x40) >> 6) - _zero)*_scale;  //2nd chunk
	W_r[i + n*2] = (scalar_t((_Wq & 0x20) >> 5) - _zero)*_scale;  //3rd chunk	
	W_r[i + n*3] = (scalar_t((_Wq & 0x10) >> 4) - _zero)*_scale;  //4th chunk	
	W_r[i + n*4] = (scalar_t((_Wq & 0x08) >> 3) - _zero)*_scale;  //5th chunk	
	W_r[i + n*5] = (scalar_t((_Wq & 0x04) >> 2) - _zero)*_scale;  //6th chunk	
	W_r[i + n*6] = (scalar_t((_Wq & 0x02) >> 1) - _zero)*_scale;  //7th chunk	
	W_r[i + n*7] = (scalar_t((_Wq & 0x01))      - _zero)*_scale;  //8th chunk	
}

//Simple
__global__ void unpack_3bit_32_kernel(int32_t* __restrict__ Wq_packed, unsigned char* Wq_unpacked, int n) { 
	int i = blockIdx.x*blockDim.x + threadIdx.x;
	if(i>=n) return;

	const int32_t  _Wq   = Wq_packed[i];

	Wq_unpacked[i]       = (_Wq & 0x38000000) >> 27;  //1st chunk
	Wq_unpacked[i + n]   = (_Wq & 0x07000000) >> 24;  //2nd chunk
	Wq_unpacked[i + n*2] = (_Wq & 0x00E00000) >> 21;  //3rd chunk	
	Wq_unpacked[i + n*3] = (_Wq & 0x001C0000) >> 18;  //4th chunk	
	Wq_unpacked[i + n*4] = (_Wq & 0x00038000) >> 15;  //5th chunk	
	Wq_unpacked[i + n*5] = (_Wq & 0x00007000) >> 12;  //6th chunk	
	Wq_unpacked[i + n*6] = (_Wq & 0x00000E00) >> 9;   //7th chunk	
	Wq_unpacked[i + n*7] = (_Wq & 0x000001C0) >> 6;   //8th chunk	
	Wq_unpacked[i + n*8] = (_Wq & 0x00000038) >> 3;   //9th chunk	
	Wq_unpacked[i + n*9] = (_Wq & 0x00000007);        //10th chunk	
}

//Simple
template <typename scalar_t>
__global__ void dequantize_3bit_32_kernel(int32_t* __restrict__ Wq_packed, scalar_t* __restrict__ scale, scalar_t* __restrict__ zero, scalar_t* W_r, int h, int w) { 
	int i = blockIdx.x*blockDim.x + threadIdx.x;
	const int n = h*w;
	if(i>=n) return;

	const int j           = i % w;
	const int32_t  _Wq    = Wq_packed[i];
	const scalar_t _zero  = zero[j];
	const scalar_t _scale = scale[j];

	W_r[i]       = (scalar_t((_Wq & 0x38000000) >> 27) - _zero)*_scale;  //1st chunk
	W_r[i + n]   = (scalar_t((_Wq & 0x07000000) >> 24) - _zero)*_scale;  //2nd chunk
	W_r[i + n*2] = (scalar_t((_Wq & 0x00E00000) >> 21) - _zero)*_scale;  //3rd chunk	
	W_r[i + n*3] = (scalar_t((_Wq & 0x001C0000) >> 18) - _zero)*_scale;  //4th chunk	
	W_r[i + n*4] = (scalar_t((_Wq & 0x00038000) >> 15) - _zero)*_scale;  //5th chunk	
	W_r[i + n*5] = (scalar_t((_Wq & 0x00007000) >> 12) - _zero)*_scale;  //6th chunk	
	W_r[i + n*6] = (scalar_t((_Wq & 0x00000E00) >> 9)  - _zero)*_scale;  //7th chunk	
	W_r[i + n*7] = (scalar_t((_Wq & 0x000001C0) >> 6)  - _zero)*_scale;  //8th chunk	
	W_r[i + n*8] = (scalar_t((_Wq & 0x00000038) >> 3)  - _zero)*_scale;  //9th chunk	
	W_r[i + n*9] = (scalar_t((_Wq & 0x00000007))       - _zero)*_scale;  //10th chunk	
}
