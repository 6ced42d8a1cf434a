// Source:  https://github.com/marekandreas/elpa/blob/2f09197d8342243f431025686ed59f7bbf2cc6fa/src/elpa1/GPU/tridiag_gpu.h
// Licence: LGPL-3.0 (ELPA's COPYING: the GNU Lesser General Public License, version 3; the file's notice below)
// Kept: tridiag_gpu.h lines 1-60 (notice, errormessage/MIN, is_pointer) and its eight kernels, lines 63-98, 171-198,
//       240-291, 332-396, 479-558, 657-713, 765-869, 938-968, unchanged; its host launchers and extern "C" wrappers removed.
// Copied in, marked: the device includes of src/elpa1/GPU/CUDA/tridiag_cuda.cu (which includes this header), the NVIDIA
//       block of src/GPU/gpu_to_cuda_and_hip_interface.h and src/GPU/common_device_functions.h (built with -DWITH_NVIDIA_GPU_VERSION).
//    Copyright 2025, P. Karpov
//
//    This file is part of ELPA.
//
//    The ELPA library was originally created by the ELPA consortium,
//    consisting of the following organizations:
//
//    - Max Planck Computing and Data Facility (MPCDF), formerly known as
//      Rechenzentrum Garching der Max-Planck-Gesellschaft (RZG),
//    - Bergische Universität Wuppertal, Lehrstuhl für angewandte
//      Informatik,
//    - Technische Universität München, Lehrstuhl für Informatik mit
//      Schwerpunkt Wissenschaftliches Rechnen ,
//    - Fritz-Haber-Institut, Berlin, Abt. Theorie,
//    - Max-Plack-Institut für Mathematik in den Naturwissenschaften,
//      Leipzig, Abt. Komplexe Strukutren in Biologie und Kognition,
//      and
//    - IBM Deutschland GmbH
//
//    This particular source code file contains additions, changes and
//    enhancements authored by Intel Corporation which is not part of
//    the ELPA consortium.
//
//    More information can be found here:
//    http://elpa.mpcdf.mpg.de/
//
//    ELPA is free software: you can redistribute it and/or modify
//    it under the terms of the version 3 of the license of the
//    GNU Lesser General Public License as published by the Free
//    Software Foundation.
//
//    ELPA is distributed in the hope that it will be useful,
//    but WITHOUT ANY WARRANTY; without even the implied warranty of
//    MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
//    GNU Lesser General Public License for more details.
//
//    You should have received a copy of the GNU Lesser General Public License
//    along with ELPA.  If not, see <http://www.gnu.org/licenses/>
//
//    ELPA reflects a substantial effort on the part of the original
//    ELPA consortium, and we ask you to respect the spirit of the
//    license that we chose: i.e., please contribute any changes you
//    may have back to the original ELPA library distribution, and keep
//    any derivatives of ELPA under the same license that we chose for
//    the original distribution, the GNU Lesser General Public License.
//
//    This file was written by P. Karpov, MPCDF

// ---- src/elpa1/GPU/CUDA/tridiag_cuda.cu lines 57-58, 62-63 (its device includes; the host-only ones and config-f90.h left out) ----
#include <cuComplex.h>
#include <stdint.h>
#include <cmath>
#include <type_traits>
// ---- src/GPU/common_device_functions.h lines 50-473 ----
#ifdef WITH_NVIDIA_GPU_VERSION
#define INLINE_DEVICE __forceinline__ __device__
#define double_complex cuDoubleComplex
#define float_complex  cuFloatComplex
#endif

#ifdef WITH_AMD_GPU_VERSION
#define INLINE_DEVICE __forceinline__ __device__
#define double_complex hipDoubleComplex
#define float_complex  hipFloatComplex
#endif

#ifdef WITH_SYCL_GPU_VERSION
#define INLINE_DEVICE inline
#define double_complex std::complex<double>
#define float_complex  std::complex<float>
#endif

//_________________________________________________________________________________________________
// Generic math host functions

// construct a generic double/float/double_complex/float_complex from a double
template <typename T> inline T elpaHostNumberFromInt(int number);
template <> inline double elpaHostNumberFromInt<double>(int number) {return (double) number;}
template <> inline float  elpaHostNumberFromInt<float> (int number) {return (float) number;}
template <> inline double_complex elpaHostNumberFromInt<double_complex>(int number) {
#if defined(WITH_NVIDIA_GPU_VERSION)
  return make_cuDoubleComplex ((double)number, 0.0);
#elif defined(WITH_AMD_GPU_VERSION)
  return make_hipDoubleComplex((double)number, 0.0);
#else
  return std::complex<double> ((double)number, 0.0);
#endif
}
template <>  inline float_complex elpaHostNumberFromInt<float_complex> (int number) {
#if defined(WITH_NVIDIA_GPU_VERSION)
  return make_cuFloatComplex ((float) number, 0.0f);
#elif defined(WITH_AMD_GPU_VERSION)
  return make_hipFloatComplex((float) number, 0.0f);
#else
  return std::complex<float> ((float) number, 0.0f);
#endif
}

//_________________________________________________________________________________________________
// Generic math device functions

template <typename T> 
INLINE_DEVICE T elpaDeviceSign(T a, T b) {
  if (b>=0) return fabs(a);
  else return -fabs(a);
}

// construct a generic double/float/double_complex/float_complex from a double
template <typename T> INLINE_DEVICE T elpaDeviceNumber(double number);
template <>  INLINE_DEVICE double elpaDeviceNumber<double>(double number) {return number;}
template <>  INLINE_DEVICE float  elpaDeviceNumber<float> (double number) {return (float) number;}
template <>  INLINE_DEVICE double_complex elpaDeviceNumber<double_complex>(double number) {
#if defined(WITH_NVIDIA_GPU_VERSION)
  return make_cuDoubleComplex (number, 0.0);
#elif defined(WITH_AMD_GPU_VERSION)
  return make_hipDoubleComplex(number, 0.0);
#else
  return std::complex<double> (number, 0.0);
#endif
}
template <>  INLINE_DEVICE float_complex elpaDeviceNumber<float_complex> (double number) {
#if defined(WITH_NVIDIA_GPU_VERSION)
  return make_cuFloatComplex ((float) number, 0.0f);
#elif defined(WITH_AMD_GPU_VERSION)
  return make_hipFloatComplex((float) number, 0.0f);
#else
  return std::complex<float> ((float) number, 0.0f);
#endif
}

// construct a generic double/float/double_complex/float_complex from a real and imaginary parts
template <typename T, typename T_real>  INLINE_DEVICE T elpaDeviceNumberFromRealImag(T_real Re, T_real Im);
template <> INLINE_DEVICE double elpaDeviceNumberFromRealImag<double>(double Real, double Imag) {return Real;}
template <> INLINE_DEVICE float  elpaDeviceNumberFromRealImag<float> (float  Real, float  Imag) {return Real;}
template <> INLINE_DEVICE double_complex elpaDeviceNumberFromRealImag<double_complex>(double Real, double Imag) {
#if defined(WITH_NVIDIA_GPU_VERSION)
  return make_cuDoubleComplex(Real, Imag);
#elif defined(WITH_AMD_GPU_VERSION)
  return make_hipDoubleComplex(Real, Imag);
#else
  return std::complex<double>(Real, Imag);
#endif
}
template <> INLINE_DEVICE float_complex elpaDeviceNumberFromRealImag<float_complex>(float  Real, float  Imag) {
#if defined(WITH_NVIDIA_GPU_VERSION)
  return make_cuFloatComplex (Real, Imag);
#elif defined(WITH_AMD_GPU_VERSION)
  return make_hipFloatComplex(Real, Imag);
#else
  return std::complex<float>(Real, Imag);
#endif
}

INLINE_DEVICE double elpaDeviceAdd(double a, double b) { return a + b; }
INLINE_DEVICE float  elpaDeviceAdd(float a, float b)   { return a + b; }
INLINE_DEVICE double_complex elpaDeviceAdd(double_complex a, double_complex b) {
#if defined(WITH_NVIDIA_GPU_VERSION)  
  return cuCadd (a, b); 
#elif defined(WITH_AMD_GPU_VERSION)
  return hipCadd(a, b);
#else
  return a + b;
#endif  
}
INLINE_DEVICE float_complex elpaDeviceAdd(float_complex a, float_complex b) {
#if defined(WITH_NVIDIA_GPU_VERSION)
  return cuCaddf(a, b);
#elif defined(WITH_AMD_GPU_VERSION)
  return hipCaddf(a, b);
#else
  return a + b;
#endif
}

INLINE_DEVICE double elpaDeviceSubtract(double a, double b) { return a - b; }
INLINE_DEVICE float  elpaDeviceSubtract(float a, float b)   { return a - b; }
INLINE_DEVICE double_complex elpaDeviceSubtract(double_complex a, double_complex b) {
#if defined(WITH_NVIDIA_GPU_VERSION)
  return cuCsub (a, b);
#elif defined(WITH_AMD_GPU_VERSION)
  return hipCsub(a, b);
#else
  return a - b;
#endif
}
INLINE_DEVICE float_complex elpaDeviceSubtract(float_complex a, float_complex b) {
#if defined(WITH_NVIDIA_GPU_VERSION)
  return cuCsubf(a, b);
#elif defined(WITH_AMD_GPU_VERSION)
  return hipCsubf(a, b);
#else
  return a - b;
#endif
}

INLINE_DEVICE double elpaDeviceMultiply(double a, double b) { return a * b; }
INLINE_DEVICE float  elpaDeviceMultiply(float  a, float  b) { return a * b; }
INLINE_DEVICE double_complex elpaDeviceMultiply(double_complex a, double_complex b) {
#if defined(WITH_NVIDIA_GPU_VERSION)  
  return cuCmul (a, b); 
#elif defined(WITH_AMD_GPU_VERSION)
  return hipCmul(a, b);
#else
  return a * b;
#endif  
}
INLINE_DEVICE float_complex elpaDeviceMultiply(float_complex a, float_complex b) {
#if defined(WITH_NVIDIA_GPU_VERSION)
  return cuCmulf(a, b);
#elif defined(WITH_AMD_GPU_VERSION)
  return hipCmulf(a, b);
#else
  return a * b;
#endif
}

INLINE_DEVICE double elpaDeviceDivide(double a, double b) { return a / b; }
INLINE_DEVICE float  elpaDeviceDivide(float  a, float  b) { return a / b; }
INLINE_DEVICE double_complex elpaDeviceDivide(double_complex a, double_complex b) {
#if defined(WITH_NVIDIA_GPU_VERSION)  
  return cuCdiv (a, b); 
#elif defined(WITH_AMD_GPU_VERSION)
  return hipCdiv(a, b);
#else  
  return a / b;
#endif
}
INLINE_DEVICE float_complex elpaDeviceDivide(float_complex a, float_complex b) {
#if defined(WITH_NVIDIA_GPU_VERSION)
  return cuCdivf(a, b);
#elif defined(WITH_AMD_GPU_VERSION)
  return hipCdivf(a, b);
#else
  return a / b;
#endif
}

INLINE_DEVICE double elpaDeviceSqrt(double number) { return sqrt (number); }
INLINE_DEVICE float  elpaDeviceSqrt(float  number) { return sqrtf(number); }

INLINE_DEVICE double elpaDeviceComplexConjugate(double number) {return number;}
INLINE_DEVICE float elpaDeviceComplexConjugate(float  number) {return number;}
INLINE_DEVICE double_complex elpaDeviceComplexConjugate(double_complex number) {
#if defined(WITH_NVIDIA_GPU_VERSION) 
  return cuConj(number);
#elif defined(WITH_AMD_GPU_VERSION)
  return hipConj(number);
#else
  return std::conj(number);
#endif
}
INLINE_DEVICE float_complex elpaDeviceComplexConjugate(float_complex number) {
#if defined(WITH_NVIDIA_GPU_VERSION)
  return cuConjf(number);
#elif defined(WITH_AMD_GPU_VERSION)
  return hipConjf(number);
#else
  return std::conj(number);
#endif
}

INLINE_DEVICE double elpaDeviceRealPart(double number) {return number;}
INLINE_DEVICE float  elpaDeviceRealPart(float  number) {return number;}
INLINE_DEVICE double elpaDeviceRealPart(double_complex number) {
#if defined(WITH_NVIDIA_GPU_VERSION) || defined(WITH_AMD_GPU_VERSION)  
  return number.x;
#else
  return number.real();
#endif
}
INLINE_DEVICE float  elpaDeviceRealPart(float_complex number) {
#if defined(WITH_NVIDIA_GPU_VERSION) || defined(WITH_AMD_GPU_VERSION)    
  return number.x;
#else
  return number.real();
#endif  
}

INLINE_DEVICE double elpaDeviceImagPart(double number) {return 0.0;}
INLINE_DEVICE float  elpaDeviceImagPart(float  number) {return 0.0f;}
INLINE_DEVICE double elpaDeviceImagPart(double_complex number) {
#if defined(WITH_NVIDIA_GPU_VERSION) || defined(WITH_AMD_GPU_VERSION)
  return number.y;
#else
  return number.imag();
#endif
}
INLINE_DEVICE float elpaDeviceImagPart(float_complex number) {
#if defined(WITH_NVIDIA_GPU_VERSION) || defined(WITH_AMD_GPU_VERSION)
  return number.y;
#else
  return number.imag();
#endif
}

INLINE_DEVICE double elpaDeviceEqual(double a, double b) { return (double)(a == b); }
INLINE_DEVICE float  elpaDeviceEqual(float  a, float  b) { return (float)(a == b); }
INLINE_DEVICE double_complex elpaDeviceEqual(double_complex a, double_complex b) {
#if defined(WITH_NVIDIA_GPU_VERSION)
  return make_cuDoubleComplex((a.x == b.x) && (a.y == b.y) ? 1.0 : 0.0, 0.0);
#elif defined(WITH_AMD_GPU_VERSION)
  return make_hipDoubleComplex((a.x == b.x) && (a.y == b.y) ? 1.0 : 0.0, 0.0);
#else
  return std::complex<double>(( (a.real() == b.real()) && (a.imag() == b.imag()) ) ? 1.0 : 0.0, 0.0);
#endif
}
INLINE_DEVICE float_complex elpaDeviceEqual(float_complex a, float_complex b) {
#if defined(WITH_NVIDIA_GPU_VERSION)
  return make_cuFloatComplex((a.x == b.x) && (a.y == b.y) ? 1.0f : 0.0f, 0.0f);
#elif defined(WITH_AMD_GPU_VERSION)
  return make_hipFloatComplex((a.x == b.x) && (a.y == b.y) ? 1.0f : 0.0f, 0.0f);
#else
  return std::complex<float>(( (a.real() == b.real()) && (a.imag() == b.imag()) ) ? 1.0f : 0.0f, 0.0f);
#endif
}

INLINE_DEVICE bool elpaDeviceEqualBool(double a, double b) { return a == b; }
INLINE_DEVICE bool elpaDeviceEqualBool(float  a, float  b) { return a == b; }
INLINE_DEVICE bool elpaDeviceEqualBool(double_complex a, double_complex b) {
#if defined(WITH_NVIDIA_GPU_VERSION)
  return (a.x == b.x) && (a.y == b.y);
#elif defined(WITH_AMD_GPU_VERSION)
  return (a.x == b.x) && (a.y == b.y);
#else
  return ( (a.real() == b.real()) && (a.imag() == b.imag()) );
#endif
}
INLINE_DEVICE bool elpaDeviceEqualBool(float_complex a, float_complex b) {
#if defined(WITH_NVIDIA_GPU_VERSION)
  return (a.x == b.x) && (a.y == b.y);
#elif defined(WITH_AMD_GPU_VERSION)
  return (a.x == b.x) && (a.y == b.y);
#else
  return ( (a.real() == b.real()) && (a.imag() == b.imag()) );
#endif
}

// Device function to convert a pointer to a value
template <typename T>
INLINE_DEVICE T convert_to_device(T* x, std::true_type) { return *x;}

// Device function to convert a value to a value
template <typename T>
INLINE_DEVICE T convert_to_device(T x, std::false_type) { return x;}

//_________________________________________________________________________________________________
// atomicAdd device function for real/complex numbers


#ifdef WITH_AMD_GPU_VERSION
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600 /* HIP ON NVIDIA */
static __inline__ __device__ double atomicAdd(double* address, double val)
{
    unsigned long long int* address_as_ull =
                              (unsigned long long int*)address;
    unsigned long long int old = *address_as_ull, assumed;

    do {
        assumed = old;
        old = atomicCAS(address_as_ull, assumed,
                        __double_as_longlong(val +
                               __longlong_as_double(assumed)));

    // Note: uses integer comparison to avoid hang in case of NaN (since NaN != NaN)
    } while (assumed != old);

    return __longlong_as_double(old);
}
#endif
#endif

// atomicAdd for double_complex and float_complex
#if defined(WITH_NVIDIA_GPU_VERSION) || defined(WITH_AMD_GPU_VERSION)
template<typename T>
INLINE_DEVICE void atomicAdd(T* address, T val) {
    atomicAdd(&(address->x), val.x);
    atomicAdd(&(address->y), val.y);
}
#endif

#ifdef WITH_SYCL_GPU_VERSION
template <typename T> 
INLINE_DEVICE void atomicAdd(T* address, T val)
  {
  sycl::atomic_ref<T, sycl::memory_order_relaxed, sycl::memory_scope::device, sycl::access::address_space::global_space> atomic_sum (*address);
  atomic_sum += val;
  }

template <>  
INLINE_DEVICE void atomicAdd(std::complex<double>* address, std::complex<double> val)
  {
  double* real_ptr = reinterpret_cast<double*>(address); // Pointer to the real part
  double* imag_ptr = real_ptr + 1; // Pointer to the imaginary part

  sycl::atomic_ref<double, sycl::memory_order_relaxed, sycl::memory_scope::device, sycl::access::address_space::global_space> atomic_sum_real(*real_ptr);
  sycl::atomic_ref<double, sycl::memory_order_relaxed, sycl::memory_scope::device, sycl::access::address_space::global_space> atomic_sum_imag(*imag_ptr);

  atomic_sum_real += val.real();
  atomic_sum_imag += val.imag();
  }

template <>  
INLINE_DEVICE void atomicAdd(std::complex<float>* address, std::complex<float> val)
  {
  float* real_ptr = reinterpret_cast<float*>(address); // Pointer to the real part
  float* imag_ptr = real_ptr + 1; // Pointer to the imaginary part

  sycl::atomic_ref<float, sycl::memory_order_relaxed, sycl::memory_scope::device, sycl::access::address_space::global_space> atomic_sum_real(*real_ptr);
  sycl::atomic_ref<float, sycl::memory_order_relaxed, sycl::memory_scope::device, sycl::access::address_space::global_space> atomic_sum_imag(*imag_ptr);

  atomic_sum_real += val.real();
  atomic_sum_imag += val.imag();
  }
#endif

//_________________________________________________________________________________________________
// ELPA-specific device functions

// Fortran-style 1-based indexing in assumed
INLINE_DEVICE int pcol(int global_col, int nblk, int np_cols){
  return ((global_col-1)/nblk)%np_cols;
}

// same as pcol; just for naming consistency
INLINE_DEVICE int prow(int global_row, int nblk, int np_rows){
  return ((global_row-1)/nblk)%np_rows;
}

INLINE_DEVICE int local_index(int idx, int my_proc, int num_procs, int nblk, int iflag){
/*
!  local_index: returns the local index for a given global index
!               If the global index has no local index on the
!               processor my_proc, behaviour is defined by iflag
!
!  Parameters
!
!  idx         Global index
!
!  my_proc     Processor row/column for which to calculate the local index
!
!  num_procs   Total number of processors along row/column
!
!  nblk        Blocksize
!
!  iflag       Controls the behaviour if idx is not on local processor
!              iflag< 0 : Return last local index before that row/col
!              iflag==0 : Return 0
!              iflag> 0 : Return next local index after that row/col

// Fortran-style 1-based indexing in assumed
// For the reference, here is the Fortran (1-based) to C (0-based) correspondence:
// L_block_gl = I_gl/nblk; // global ordinal number of the nblk-block among other blocks
// l_block_loc = L_block_gl/num_procs =  I_gl/(num_procs*nblk); // local ordinal number of the nblk-block among other blocks
// x = I_gl%nblk; // local coordinate within the block
// local_index = l_block*nblk + x;
*/

  int result;

  int L_block_gl = (idx-1)/nblk; // global block number, 0 based

  if (L_block_gl%num_procs == my_proc) {
    // block is local, always return local row/col number
     result = (L_block_gl/num_procs)*nblk + ((idx-1) % nblk) + 1;
  }
  else {
    // non local block
    if (iflag == 0) result = 0; 
    else {
      result = (L_block_gl / num_procs) * nblk;

      if ((L_block_gl % num_procs) > my_proc) result += nblk; 
      if (iflag > 0) result += 1;
    }
  }

  return result;
}
// ---- end of common_device_functions.h ----
// ---- src/GPU/gpu_to_cuda_and_hip_interface.h lines 71-90 ----
#ifdef WITH_NVIDIA_GPU_VERSION
#define gpuDeviceSynchronize cudaDeviceSynchronize
#define gpuStreamSynchronize cudaStreamSynchronize
#define gpuStream_t cudaStream_t
#define gpuGetLastError cudaGetLastError
#define gpuGetErrorString cudaGetErrorString
#define gpuError_t cudaError_t
#define gpuSuccess cudaSuccess
#define gpuDoubleComplex cuDoubleComplex
#define gpuFloatComplex  cuFloatComplex
#define make_gpuDoubleComplex make_cuDoubleComplex
#define make_gpuFloatComplex make_cuFloatComplex
#define gpuPointerAttributes cudaPointerAttributes
#define gpuPointerGetAttributes cudaPointerGetAttributes
#define gpuMemoryTypeHost cudaMemoryTypeHost
#define gpuMemoryTypeDevice cudaMemoryTypeDevice
#define MAX_THREADS_PER_BLOCK 1024
#define MIN_THREADS_PER_BLOCK 32 /* i.e. warp size */
#define ELPA_GPU cuda
#endif
// ---- end of gpu_to_cuda_and_hip_interface.h; tridiag_gpu.h from here ----

#define errormessage(x, ...) do { fprintf(stderr, "%s:%d " x, __FILE__, __LINE__, __VA_ARGS__ ); } while (0)

#define MIN(x, y) (((x) < (y)) ? (x) : (y))


// A helper struct to determine if a type is a pointer
template <typename T>
struct is_pointer { static const bool value = false; };

template <typename T>
struct is_pointer<T*> { static const bool value = true; };


// ---- tridiag_gpu.h lines 63-98 ----
template <typename T, typename T_real>
__global__ void gpu_copy_and_set_zeros_kernel(T *v_row_dev, T *u_col_dev, T const *a_dev,
                                              T *aux1_dev, T *vav_dev, T_real *d_vec_dev,
                                              int l_rows, int l_cols, int matrixRows, int istep,
                                              int isOurProcessRow, int isOurProcessCol, int isOurProcessCol_prev, int isSkewsymmetric, int useCCL){
  int tid = threadIdx.x + blockIdx.x*blockDim.x;

  if (isOurProcessCol_prev)
    {
    for (int i_row=tid; i_row<l_rows; i_row+=blockDim.x*gridDim.x)
      v_row_dev[i_row] = a_dev[i_row + matrixRows*l_cols];
    }

  //u_col_dev
  if (l_cols>l_rows)
    {
    T zero = elpaDeviceNumber<T>(0.0);
    for (int i=l_rows+tid; i<l_cols; i+=blockDim.x*gridDim.x)
      u_col_dev[i] = zero;
    }

  // set zeros for aux1_dev and vav_dev to be summed with atomicAdd
  if (tid==0)
    {
    aux1_dev[0] = elpaDeviceNumber<T>(0.0);
    if (useCCL) *vav_dev = elpaDeviceNumber<T>(0.0);

    if (isOurProcessRow && isOurProcessCol)
      {
      if (isSkewsymmetric)
        d_vec_dev[istep-1-1] = 0.0;
      else
        d_vec_dev[istep-1-1] = elpaDeviceRealPart(a_dev[(l_rows-1) + matrixRows*(l_cols-1)]);
      }
    }
}

// ---- tridiag_gpu.h lines 171-198 ----
template <typename T>
__global__ void gpu_dot_product_kernel(int n, T *x_dev, int incx, T *y_dev, int incy, T *result_dev){
  __shared__ T cache[MAX_THREADS_PER_BLOCK]; // extra space of fixed size is reserved for a speedup
  int tid = threadIdx.x + blockIdx.x*blockDim.x;

  T temp = elpaDeviceNumber<T>(0.0);
  int i = tid;
  while (i < n) {
    temp = elpaDeviceAdd(temp, elpaDeviceMultiply(elpaDeviceComplexConjugate(x_dev[i*incx]), y_dev[i*incy])); // temp += x_dev[i*incx] * y_dev[i*incy];
    i += blockDim.x * gridDim.x;
  }

  // set the cache values
  cache[threadIdx.x] = temp;
  // synchronize threads in this block
  __syncthreads();

  // for reductions, threadsPerBlock=blockDim.x must be a power of 2
  i = blockDim.x/2;
  while (i > 0) {
    if (threadIdx.x < i) cache[threadIdx.x] = elpaDeviceAdd(cache[threadIdx.x], cache[threadIdx.x + i]);
    __syncthreads();
    i /= 2;
  }

  if (threadIdx.x==0) atomicAdd(&result_dev[0], cache[0]);
  
}

// ---- tridiag_gpu.h lines 240-291 ----
template <typename T>
__global__ void gpu_dot_product_and_assign_kernel(T *v_row_dev, int l_rows, int isOurProcessRow, T *aux1_dev){
  const int threadsPerBlock = MAX_THREADS_PER_BLOCK;
  __shared__ T cache[threadsPerBlock];
  int tid = threadIdx.x + blockIdx.x*blockDim.x;

/*
  if (isOurProcessRow) {
    aux1(1) = dot_product(v_row(1:l_rows-1),v_row(1:l_rows-1)) ! = "q"
    aux1(2) = v_row(l_rows) ! = "a_11" (or rather a_nn)
    }
  else{
    aux1(1) = dot_product(v_row(1:l_rows),v_row(1:l_rows))
    aux1(2) = 0.
  }
*/

  T temp = elpaDeviceNumber<T>(0.0);
  int index_global = tid;
  while (index_global < l_rows-1) {
    temp = elpaDeviceAdd(temp, elpaDeviceMultiply(elpaDeviceComplexConjugate(v_row_dev[index_global]), v_row_dev[index_global])); // temp += v_row_dev[index_global]*v_row_dev[index_global];
    index_global += blockDim.x * gridDim.x;
  }

  // set the cache values
  cache[threadIdx.x] = temp;
  // synchronize threads in this block
  __syncthreads();

  // for reductions, threadsPerBlock must be a power of 2
  int i = blockDim.x/2;
  while (i > 0) {
    if (threadIdx.x < i) cache[threadIdx.x] = elpaDeviceAdd(cache[threadIdx.x], cache[threadIdx.x + i]);
    __syncthreads();
    i /= 2;
  }

  if (threadIdx.x==0) atomicAdd(&aux1_dev[0], cache[0]);
  
  if (tid==0)
    {
    if (isOurProcessRow) 
      {
      aux1_dev[1] = v_row_dev[l_rows-1];
      }
    else
      {
      if (l_rows>0) atomicAdd(&aux1_dev[0], elpaDeviceMultiply(elpaDeviceComplexConjugate(v_row_dev[l_rows-1]), v_row_dev[l_rows-1]));
      aux1_dev[1] = elpaDeviceNumber<T>(0.0);
      }
    }
}

// ---- tridiag_gpu.h lines 332-396 ----
template <typename T, typename T_real, typename T_value_or_pointer>
__global__ void gpu_set_e_vec_scale_set_one_store_v_row_kernel(T_real *e_vec_dev, T *vrl_dev, T *a_dev, T *v_row_dev, T *tau_dev, T_value_or_pointer xf_host_or_dev, 
                                                      int l_rows, int l_cols,  int matrixRows, int istep, int isOurProcessRow, int useCCL){
  int tid = threadIdx.x + blockIdx.x*blockDim.x;

/*
  if (my_prow == prow(istep-1, nblk, np_rows)) then
    if (.not. useCCL) then
#if REALCASE == 1
      e_vec(istep-1) = vrl
#endif
#if COMPLEXCASE == 1
      e_vec(istep-1) = real(vrl,kind=rk)
#endif
    endif ! useCCL
  endif

  call nvtxRangePush("scale v_row *= xf")
  ! Scale v_row and store Householder Vector for back transformation
  v_row(1:l_rows) = v_row(1:l_rows) * xf
  call nvtxRangePop()

  if (my_prow == prow(istep-1, nblk, np_rows)) then
    v_row(l_rows) = 1.
  endif

  ! store Householder Vector for back transformation
  call nvtxRangePush("cpu copy: v_row->a_mat")
  ! update a_mat
  a_mat(1:l_rows,l_cols+1) = v_row(1:l_rows)
  call nvtxRangePop()

  if (.not. useCCL) then
    ! add tau after the end of actuall v_row, to be broadcasted with it
    v_row(l_rows+1) = tau(istep)
  endif
*/

  T xf = convert_to_device(xf_host_or_dev, typename std::conditional<std::is_pointer<T_value_or_pointer>::value, std::true_type, std::false_type>::type());

  if (useCCL && tid==0)
    {
    if (isOurProcessRow) e_vec_dev[istep-1-1] = elpaDeviceRealPart(*vrl_dev);
    v_row_dev[l_rows+1-1] = tau_dev[istep-1];
    }

  int index_global = tid;
  while (index_global < l_rows) {
    v_row_dev[index_global] = elpaDeviceMultiply(v_row_dev[index_global], xf);
    index_global += blockDim.x * gridDim.x;
  }

  if (isOurProcessRow && (index_global - blockDim.x*gridDim.x == l_rows-1)) // last element
    {
    v_row_dev[l_rows-1] = elpaDeviceNumber<T>(1.0);
    }
    
  int i_row = tid;
  while (i_row < l_rows) 
    {
    a_dev[i_row + matrixRows*l_cols] = v_row_dev[i_row];
    i_row += blockDim.x * gridDim.x;
    }

}

// ---- tridiag_gpu.h lines 479-558 ----
template <typename T, typename T_value_or_pointer>
__global__ void gpu_store_u_v_in_uv_vu_kernel(T *vu_stored_rows_dev, T *uv_stored_cols_dev, T *v_row_dev, T *u_row_dev,
                T *v_col_dev, T *u_col_dev, T *tau_dev, T *aux_complex_dev, T_value_or_pointer vav_host_or_dev, T_value_or_pointer tau_host_or_dev,
                int l_rows, int l_cols, int n_stored_vecs, int max_local_rows, int max_local_cols, int istep, int useCCL){
  int tid = threadIdx.x + blockIdx.x*blockDim.x;

  T conjg_tau = convert_to_device(tau_host_or_dev, typename std::conditional<std::is_pointer<T_value_or_pointer>::value, std::true_type, std::false_type>::type());
  conjg_tau = elpaDeviceComplexConjugate(conjg_tau);
  
  T conjg_tau_v_row_dev, conjg_tau_v_col_dev;

  // recover tau_dev(istep) after broadcasting
  if (useCCL && tid==0)
    {
    tau_dev[istep-1] = v_row_dev[l_rows+1-1];
    }

/*
  // istep
  if (l_rows > 0) then
    ! update vu_stored_rows
    vu_stored_rows(1:l_rows,2*n_stored_vecs+1) = conjg_tau*v_row(1:l_rows)
    vu_stored_rows(1:l_rows,2*n_stored_vecs+2) = 0.5*conjg_tau*vav*v_row(1:l_rows) - u_row(1:l_rows)
  endif
  if (l_cols > 0) then
    ! update uv_stored_cols
    uv_stored_cols(1:l_cols,2*n_stored_vecs+1) = 0.5*conjg_tau*vav*v_col(1:l_cols) - u_col(1:l_cols)
    uv_stored_cols(1:l_cols,2*n_stored_vecs+2) = conjg_tau*v_col(1:l_cols)
  endif
...

// istep = istep-1
// n_stored_vecs = n_stored_vecs+1
#if COMPLEXCASE == 1
          aux(1:2*n_stored_vecs) = conjg(uv_stored_cols(l_cols+1,1:2*n_stored_vecs))
#endif
*/
  T vav =  convert_to_device(vav_host_or_dev, typename std::conditional<std::is_pointer<T_value_or_pointer>::value, std::true_type, std::false_type>::type());

  int i_row = tid;
  while (i_row < l_rows)
    {
    conjg_tau_v_row_dev = elpaDeviceMultiply(conjg_tau, v_row_dev[i_row]);
    vu_stored_rows_dev[i_row + max_local_rows*(2*n_stored_vecs+0)] = conjg_tau_v_row_dev;
    conjg_tau_v_row_dev = elpaDeviceMultiply(conjg_tau_v_row_dev, elpaDeviceNumber<T>(0.5));
    vu_stored_rows_dev[i_row + max_local_rows*(2*n_stored_vecs+1)] =  elpaDeviceSubtract( elpaDeviceMultiply(conjg_tau_v_row_dev, vav) , u_row_dev[i_row] );
    
    i_row += blockDim.x * gridDim.x;
    }

  int i_col = tid;
  while (i_col < l_cols)
    {
    conjg_tau_v_col_dev = elpaDeviceMultiply(conjg_tau, v_col_dev[i_col]);
    uv_stored_cols_dev[i_col + max_local_cols*(2*n_stored_vecs+1)] = conjg_tau_v_col_dev;
    conjg_tau_v_col_dev = elpaDeviceMultiply(conjg_tau_v_col_dev, elpaDeviceNumber<T>(0.5));
    uv_stored_cols_dev[i_col + max_local_cols*(2*n_stored_vecs+0)] = elpaDeviceSubtract( elpaDeviceMultiply(conjg_tau_v_col_dev, vav) , u_col_dev[i_col] );

    i_col += blockDim.x * gridDim.x;
    }

  if ((std::is_same<T, gpuDoubleComplex>::value || std::is_same<T, gpuFloatComplex>::value) && l_cols>0)
    {
    int j = tid;
    while (j < 2*(n_stored_vecs+0)) // whole vector aux_complex_dev has to be copied and not two last elements only because l_cols has changed since last istep
      {
      aux_complex_dev[j] = elpaDeviceComplexConjugate(uv_stored_cols_dev[l_cols-1 + max_local_cols*j]);
      j += blockDim.x * gridDim.x;
      }
    
    // two last elements should be treated by the respective threads inorder to avoid sync problems
    i_col -= blockDim.x * gridDim.x;
    if (i_col == l_cols-1) 
      {
      aux_complex_dev[2*n_stored_vecs+0] = elpaDeviceComplexConjugate(uv_stored_cols_dev[l_cols-1 + max_local_cols*(2*n_stored_vecs+0)]);
      aux_complex_dev[2*n_stored_vecs+1] = elpaDeviceComplexConjugate(uv_stored_cols_dev[l_cols-1 + max_local_cols*(2*n_stored_vecs+1)]);
      }
    }

}

// ---- tridiag_gpu.h lines 657-713 ----
template <typename T, typename T_real>
__global__ void gpu_update_matrix_element_add_kernel(T *vu_stored_rows_dev, T *uv_stored_cols_dev, T *a_dev, T_real *d_vec_dev, 
                                                      int l_rows, int l_cols, int matrixRows, int max_local_rows, int max_local_cols, int istep, int n_stored_vecs, int isSkewsymmetric){
/*
      if (n_stored_vecs > 0) then
        ! update a_mat (only one elememt!)
        dot_prod = dot_product(vu_stored_rows(l_rows,1:2*n_stored_vecs), uv_stored_cols(l_cols,1:2*n_stored_vecs))
        a_mat(l_rows,l_cols) = a_mat(l_rows,l_cols) + dot_prod
      endif
#if REALCASE == 1
      if (isSkewsymmetric) then
        d_vec(istep-1) = 0.0_rk
      else
        d_vec(istep-1) = a_mat(l_rows,l_cols)
      endif
#endif
#if COMPLEXCASE == 1
      d_vec(istep-1) = real(a_mat(l_rows,l_cols),kind=rk)
#endif
*/

  const int threadsPerBlock = MAX_THREADS_PER_BLOCK;
  __shared__ T cache[threadsPerBlock];
  int tid = threadIdx.x + blockIdx.x*blockDim.x;

  if (n_stored_vecs > 0)
    {

    T temp =  elpaDeviceNumber<T>(0.0);
    int index_n = tid;
    while (index_n < 2*n_stored_vecs) 
      {
      temp = elpaDeviceAdd(temp, elpaDeviceMultiply(elpaDeviceComplexConjugate(vu_stored_rows_dev[(l_rows-1)+max_local_rows*index_n]), uv_stored_cols_dev[(l_cols-1)+max_local_cols*index_n]) ); // temp += vu_stored_rows_dev[(l_rows-1)+max_local_rows*index_n] * uv_stored_cols_dev[(l_cols-1)+max_local_cols*index_n]
      index_n += blockDim.x * gridDim.x;
      }

    // set the cache values
    cache[threadIdx.x] = temp;
    // synchronize threads in this block
    __syncthreads();

    // for reductions, threadsPerBlock must be a power of 2
    int i = blockDim.x/2;
    while (i > 0) 
      {
      if (threadIdx.x < i) cache[threadIdx.x] = elpaDeviceAdd(cache[threadIdx.x] , cache[threadIdx.x + i]); // cache[threadIdx.x] += cache[threadIdx.x + i];
      __syncthreads();
      i /= 2;
      }

    if (threadIdx.x==0) 
      {
      atomicAdd(&a_dev[(l_rows-1) + matrixRows*(l_cols-1)], cache[0]);
      if (!isSkewsymmetric) atomicAdd( &d_vec_dev[istep-1-1] , elpaDeviceRealPart(cache[0]) );
      }
    }
}

// ---- tridiag_gpu.h lines 765-869 ----
template <typename T>
__global__ void gpu_hh_transform_kernel(T *alpha_dev, T *xnorm_sq_dev, T *xf_dev, T *tau_dev){

/*
#if complexcase == 1
  alphr = real( alpha, kind=rk )
  alphi = precision_imag( alpha )
#endif

#if realcase == 1
  if ( xnorm_sq==0.0_rk ) then
#endif
#if complexcase == 1
  if ( xnorm_sq==0.0_rk .and. alphi==0.0_rk ) then
#endif

#if realcase == 1
    if ( alpha>=0.0_rk ) then
#endif
#if complexcase == 1
    if ( alphr>=0.0_rk ) then
#endif
      tau = 0.0_rk
    else
      tau = 2.0_rk
      alpha = -alpha
    endif
    xf = 0.0_rk

  else

#if realcase == 1
    beta = sign( sqrt( alpha**2 + xnorm_sq ), alpha )
#endif
#if complexcase == 1
    beta = sign( sqrt( alphr**2 + alphi**2 + xnorm_sq ), alphr )
#endif
    alpha = alpha + beta
    if ( beta<0 ) then
      beta = -beta
      tau  = -alpha / beta
    else
#if realcase == 1
      alpha = xnorm_sq / alpha
#endif
#if complexcase == 1
      alphr = alphi * (alphi/real( alpha , kind=rk))
      alphr = alphr + xnorm_sq/real( alpha, kind=rk )
#endif

#if realcase == 1
      tau = alpha / beta
      alpha = -alpha
#endif
#if complexcase == 1
      tau = precision_cmplx( alphr/beta, -alphi/beta )
      alpha = precision_cmplx( -alphr, alphi )
#endif
    end if
    xf = 1.0_rk/alpha
    alpha = beta
  endif
*/

  auto alpha_r = elpaDeviceRealPart(*alpha_dev);
  auto alpha_i = elpaDeviceImagPart(*alpha_dev);

  if (elpaDeviceRealPart(*xnorm_sq_dev)==0.0 && alpha_i==0.0)
    {
    if (alpha_r >= 0.0) *tau_dev = elpaDeviceNumber<T>(0.0);
    else
      {
      *tau_dev = elpaDeviceNumber<T>(2.0);
      *alpha_dev = elpaDeviceMultiply(*alpha_dev, elpaDeviceNumber<T>(-1.0)); // (*alpha_dev) *= -1
      }
    
    *xf_dev = elpaDeviceNumber<T>(0.0);
    }

  else
    {
    T beta = elpaDeviceNumber<T> (elpaDeviceSign( elpaDeviceSqrt( alpha_r*alpha_r + alpha_i*alpha_i +
                                          elpaDeviceRealPart(*xnorm_sq_dev) ), elpaDeviceRealPart(*alpha_dev) ));

    *alpha_dev = elpaDeviceAdd(*alpha_dev, beta);
    
    if (elpaDeviceRealPart(beta)<0)
      {
      *tau_dev  = elpaDeviceDivide(*alpha_dev, beta);
      beta = elpaDeviceMultiply(beta, elpaDeviceNumber<T>(-1.0)); // beta *= -1
      }
    else
      {
      alpha_r = alpha_i * alpha_i/elpaDeviceRealPart(*alpha_dev);
      alpha_r = alpha_r + elpaDeviceRealPart(*xnorm_sq_dev)/ elpaDeviceRealPart(*alpha_dev);

      *tau_dev = elpaDeviceDivide( elpaDeviceNumberFromRealImag<T>(alpha_r, -alpha_i) , beta );
      *alpha_dev = elpaDeviceNumberFromRealImag<T>(-alpha_r, alpha_i);
      }

    *xf_dev = elpaDeviceDivide(elpaDeviceNumber<T>(1.0), *alpha_dev);
    *alpha_dev = beta;
    }

}

// ---- tridiag_gpu.h lines 938-968 ----
template <typename T>
__global__ void gpu_transpose_reduceadd_vectors_copy_block_kernel(T *aux_transpose_dev, T *vmat_st_dev, 
                                              int nvc, int nvr, int n_block, int nblks_skip, int nblks_tot, 
                                              int lcm_s_t, int nblk, int auxstride, int np_st, int ld_st, int direction, int isSkewsymmetric, int isReduceadd){

  //for (int lc=1; lc <= nvc; lc += 1)
  int lc0 = blockIdx.y; // lc0 = lc-1, 0-based index
  
  //for (int i = nblks_skip+n_block; i <= nblks_tot-1; i += lcm_s_t)
  int i = nblks_skip+n_block + blockIdx.z * lcm_s_t; // 1-based index
  if (i > nblks_tot-1) return;

  int nl = MIN(nvr-i*nblk, nblk); // length
  int k = (i - nblks_skip - n_block)/lcm_s_t * nblk + lc0*auxstride;
  int ns_plus_lc0_ld_st = (i/np_st)*nblk + lc0*ld_st; // ns(local start of block i) + lc0*ld_st

  //for (int j=tid_x; j<nl; j+=blockDim.x*gridDim.x){
  int j = threadIdx.x + blockIdx.x*blockDim.x; // 0-based index
  if (j >= nl) return;
    
  if (direction==1) aux_transpose_dev[k+j] = vmat_st_dev[ns_plus_lc0_ld_st + j];
  if (direction==2 && !isReduceadd) {
    T sign = elpaDeviceNumber<T>(1.0);
    if (isSkewsymmetric) sign = elpaDeviceNumber<T>(-1.0);
    vmat_st_dev[ns_plus_lc0_ld_st + j]  = elpaDeviceMultiply(sign, aux_transpose_dev[k+j]);
  }
  if (direction==2 &&  isReduceadd) {
    vmat_st_dev[ns_plus_lc0_ld_st + j]  = elpaDeviceAdd(vmat_st_dev[ns_plus_lc0_ld_st + j] , aux_transpose_dev[k+j]);
  }
  //}
}
