// tilelab kernel collection: the ASTRA Toolbox's FBP ramp-filter kernels (the filter applied in Fourier space)
// Source:  https://github.com/astra-toolbox/astra-toolbox/blob/bf7acada528a85c5841979cc8a6473ec075dfcb7/cuda/2d/fft.cu
//          (astra-toolbox/astra-toolbox, commit bf7acad: imec-VisionLab / CWI's 2-D and 3-D tomography toolbox)
// Licence: GPL-3.0-or-later (the repository's COPYING; the file's own notice, kept below).
// Kept: lines 1-26 (the notice), 40-41 (namespace astraCUDA), 52-112 (applyFilter_kernel,
//       applyFilter_singleFilter_kernel, rescaleInverseFourier_kernel) and 606 (the namespace's closing brace), unchanged.
// Removed: lines 28-38 (astra's includes: gpu_runtime_wrapper.h, gpu_fft_wrapper.h, fft.h, util.h, Logging.h,
//       Fourier.h, and `using namespace astra;`), 42-50 (the host checkCufft) and 113-605 (the host cuFFT plans,
//       rescaleInverseFourier, applyFilter, runCudaFFT, genCuFFTFilter, ...). The launches are the host functions'
//       256-thread blocks over projections x frequency bins (the manifest entries).
// Copied in, marked: for gpu_fft_wrapper.h's #include <cufft.h> (which this toolchain does not ship), cufft.h's one
//       definition the kernels use, typedef cuComplex cufftComplex, with the <cuComplex.h> it includes.
// What: the sinogram's spectrum times the filter's (a complex product per bin; one filter per projection, or one
//       shared filter) and the inverse FFT's 1/N rescaling.
//
// ---------------------------------------------------------------- the file's own notice (the repository's COPYING is the
// GNU GPL version 3 text, https://www.gnu.org/licenses/gpl-3.0.txt; this copy is distributed under the same licence):
/*
-----------------------------------------------------------------------
Copyright: 2010-2022, imec Vision Lab, University of Antwerp
           2014-2022, CWI, Amsterdam

Contact: astra@astra-toolbox.com
Website: http://www.astra-toolbox.com/

This file is part of the ASTRA Toolbox.


The ASTRA Toolbox is free software: you can redistribute it and/or modify
it under the terms of the GNU General Public License as published by
the Free Software Foundation, either version 3 of the License, or
(at your option) any later version.

The ASTRA Toolbox is distributed in the hope that it will be useful,
but WITHOUT ANY WARRANTY; without even the implied warranty of
MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
GNU General Public License for more details.

You should have received a copy of the GNU General Public License
along with the ASTRA Toolbox. If not, see <http://www.gnu.org/licenses/>.

-----------------------------------------------------------------------
*/

// ---- copied in: cufft.h's cufftComplex (cufft.h includes <cuComplex.h>; gpu_fft_wrapper.h includes <cufft.h>)
#include <cuComplex.h>
typedef cuComplex cufftComplex;
// ---- end of cufft.h's lines

namespace astraCUDA {

__global__ static void applyFilter_kernel(int _iProjectionCount,
                                          int _iFreqBinCount,
                                          cufftComplex * _pSinogram,
                                          cufftComplex * _pFilter)
{
	int iIndex = threadIdx.x + blockIdx.x * blockDim.x;
	int iProjectionIndex = iIndex / _iFreqBinCount;

	if(iProjectionIndex >= _iProjectionCount)
	{
		return;
	}

	float fA = _pSinogram[iIndex].x;
	float fB = _pSinogram[iIndex].y;
	float fC = _pFilter[iIndex].x;
	float fD = _pFilter[iIndex].y;

	_pSinogram[iIndex].x = fA * fC - fB * fD;
	_pSinogram[iIndex].y = fA * fD + fC * fB;
}

__global__ static void applyFilter_singleFilter_kernel(int _iProjectionCount,
                                          int _iFreqBinCount,
                                          cufftComplex * _pSinogram,
                                          cufftComplex * _pFilter)
{
	int iIndex = threadIdx.x + blockIdx.x * blockDim.x;
	int iProjectionIndex = iIndex / _iFreqBinCount;
	int iFilterIndex = iIndex % _iFreqBinCount;

	if(iProjectionIndex >= _iProjectionCount)
	{
		return;
	}

	float fA = _pSinogram[iIndex].x;
	float fB = _pSinogram[iIndex].y;
	float fC = _pFilter[iFilterIndex].x;
	float fD = _pFilter[iFilterIndex].y;

	_pSinogram[iIndex].x = fA * fC - fB * fD;
	_pSinogram[iIndex].y = fA * fD + fC * fB;
}


__global__ static void rescaleInverseFourier_kernel(int _iProjectionCount,
                                                    int _iDetectorCount,
                                                    float* _pfInFourierOutput)
{
	int iIndex = threadIdx.x + blockIdx.x * blockDim.x;
	int iProjectionIndex = iIndex / _iDetectorCount;
	int iDetectorIndex = iIndex % _iDetectorCount;

	if(iProjectionIndex >= _iProjectionCount)
	{
		return;
	}

	_pfInFourierOutput[iProjectionIndex * _iDetectorCount + iDetectorIndex] /= (float)_iDetectorCount;
}

}
