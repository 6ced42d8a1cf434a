// tilelab kernel collection: Mandelbrot escape counts, one pixel a thread, in double (scalar and double2, with and without
// Source:  https://github.com/blegal/Mandelbrot-SIMD-and-GPU/blob/ac17fb297e81503899c4d5cd89642fe592d3df25/src/Convergence/mandelbrot/simple/cuda/mono/mandelbrot_sp.cu
//          (blegal/Mandelbrot-SIMD-and-GPU, commit ac17fb2, Bertrand Le Gal's Mandelbrot explorer, SIMD and CUDA back-ends)
// Licence: GPL-2.0 (the repository's LICENSE, the GNU General Public License version 2; the file carries no notice of its
// a __device__ helper) and in float (mandelbrot_sp, the kernel SP_cuda.cu launches).
// own; the licence's terms are kept by this file's redistribution under them, with this notice of the source).
// Kept: lines 5-46, 59-103, 117-155 and 168-226 (the __device__ helpers and the four __global__ kernels), unchanged.
// Removed: lines 1-4 ("cuda.h", the host's Color/ColorSmooth/ColorSmooth.hpp, <stdio.h>, a blank line) and the host
//       wrappers compute_cuda_d (47-58), compute_cuda_d2 (104-116) and compute_cuda_d2_wp (156-167).
// Selection, fixed before any run (collection/manifest.toml, the mbsimd_ entries): every __global__ kernel of the file, none
// dropped for its result, each launched as its host launches it: the three double kernels as their wrappers do,
// <<<dim3(ceil(W / n), ceil(H / n)), dim3(n, n)>>> with n = 16, and mandelbrot_sp as SP_cuda.cu does, <<<dim3(W, H),
// dim3(16, 16)>>> (most threads outside the image), its corner offset - (W / 2) * zoom; a 40 x 24 image (the float kernel
// at 24 x 16), zoom 0.09375 and centre (-0.5, 0) (the double kernels), max_iters 48: dyadic steps, so every start point
// is exact; the view checked in references.py to give the same counts in float and double (no pixel on a rounding edge).
// Read before any run: no race, no out-of-bounds access.
//
// blegal/Mandelbrot-SIMD-and-GPU: src/Convergence/mandelbrot/simple/cuda/mono/mandelbrot_sp.cu, lines 5-46, 59-103, 117-155, 168-226
/******************************/
/*         CUDA double        */
/******************************/

__device__ unsigned short process_cuda_d(
    const double startReal,
    const double startImag,
    unsigned short max_iters)
{
  double zReal = startReal;
  double zImag = startImag;

  for (unsigned short counter = 0; counter < max_iters; counter++) {
    double r2 = zReal * zReal;
    double i2 = zImag * zImag;
    zImag = 2.0f * zReal * zImag + startImag;
    zReal = r2 - i2 + startReal;
    if ( (r2 + i2) > 4.0f) {
      return counter;
    }
  }
  return max_iters - 1;
}


__global__ void kernel_compute_cuda_d(double zoom, double offsetX, double offsetY, unsigned int max_iters,
  int IMAGE_WIDTH, int IMAGE_HEIGHT, unsigned short *device_value) {

	int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;

  double imag;
  double real;

  if ( (x<IMAGE_WIDTH) && (y<IMAGE_HEIGHT) ) {
    imag = offsetY - IMAGE_HEIGHT / 2.0f * zoom + (y * zoom);
    real = (offsetX - IMAGE_WIDTH / 2.0f * zoom)+((x)*zoom);
    device_value[y*IMAGE_WIDTH +x] = process_cuda_d(real, imag, max_iters);
	}
}





/******************************/
/*         CUDA DOUBLE2       */
/******************************/

__device__ unsigned short process_cuda_d2(double2 startValue, unsigned short max_iters)  {

  double2 startZ = startValue;

  double2 z1;
  z1.x = startZ.x;
  z1.y = startZ.y;

  for (unsigned short counter = 0; counter < max_iters; counter++) {
    double2 z2;
    z2.x = z1.x * z1.x;
    z2.y = z1.y * z1.y;

    z1.y = 2.0f * z1.x * z1.y + startZ.y;
    z1.x = z2.x - z2.y + startZ.x;
    if ( (z2.x + z2.y) > 4.0f) {
      return counter;
    }
  }
  return max_iters - 1;
}

__global__ void kernel_compute_cuda_d2(double zoom, double offsetX, double offsetY, unsigned int max_iters,
  int IMAGE_WIDTH, int IMAGE_HEIGHT, unsigned short *device_value) {

	int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;

  double2 z;

  if ( (x<IMAGE_WIDTH) && (y<IMAGE_HEIGHT) ) {
    z.y = offsetY - IMAGE_HEIGHT / 2.0f * zoom + (y * zoom);
    z.x = (offsetX - IMAGE_WIDTH / 2.0f * zoom)+((x)*zoom);
    device_value[y*IMAGE_WIDTH + x] = process_cuda_d2(z, max_iters);
	}
}




/******************************/
/*CUDA double WITHOUT PROCESS */
/******************************/

__global__ void kernel_compute_cuda_d2_wp(double zoom, double offsetX, double offsetY, unsigned int max_iters,
  int IMAGE_WIDTH, int IMAGE_HEIGHT, unsigned short *device_value) {

	int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;

  double2 z;
  double2 z1;
  double2 z2;

  if ( (i<IMAGE_WIDTH) && (j<IMAGE_HEIGHT) ) {
    z.y = offsetY - IMAGE_HEIGHT / 2.0f * zoom + (j * zoom);
    z.x = (offsetX - IMAGE_WIDTH / 2.0f * zoom)+ (i * zoom);

    z1.x = z.x;
    z1.y = z.y;

    device_value[j*IMAGE_WIDTH + i] = max_iters - 1;

    for (unsigned short counter = 0; counter < max_iters; counter++) {
      z2.x = z1.x * z1.x;
      z2.y = z1.y * z1.y;

      z1.y = 2.0f * z1.x * z1.y + z.y;
      z1.x = z2.x - z2.y + z.x;
      if ( (z2.x + z2.y) > 4.0f) {
        device_value[j*IMAGE_WIDTH + i] = counter;
        break;
      }
    }
	}
}




/******************************/
/*        CUDA SIMPLE         */
/******************************/

__device__ unsigned short process_sp(
    const float startReal,
    const float startImag,
    unsigned short max_iters
  )
{
  float zReal = startReal;
  float zImag = startImag;

  for(int counter = 0; counter < max_iters; counter++)
  {
    
    float r2 = zReal * zReal;
    float i2 = zImag * zImag;
    
    zImag = 2.0f * zReal * zImag + startImag;
    zReal = r2 - i2 + startReal;
    
    if ( (r2 + i2) > 4.0f)
    {
      return counter;
    }
  }
  return max_iters - 1;
}





__global__ void mandelbrot_sp
    (
              int*  v_dat,    // le pointeur sur le tableau de sortie
        const float zoom,     // Le facteur de zoom
        const float offsetX,  // la coordonnée X
        const float offsetY,  // la coordonnée Y
        const int   width,    // la largeur de la fenetre
        const int   height,   // la hauteur de la fenetre
        const int   max_iters // le nombre maximum d'itération
    )
{

    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;

    if ( (x < width) && (y < height) )
    {
        const float imag  = offsetY  + (y * zoom);
        const float real  = offsetX + (x * zoom);
        v_dat[y*width +x] = process_sp(real, imag, max_iters);
	}
}
