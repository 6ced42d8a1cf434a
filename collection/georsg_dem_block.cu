// tilelab kernel collection: GeoRsGPU's terrain analysis of a DEM block, one thread a cell over its 3 x 3 window
// (gpuKernel<EQ>: the window's nine heights to a functor of DemKernels.cuh, 0 on the block's edge, the output block
// placed against the input by deltaRow/deltaCol): slope (Burrough, Zevenbergen), hillshade, aspect, curvatures, TPI.
// Source:  https://github.com/cristianionita/GeoRsGPU/blob/b6f19f864b337fa4f0b37f11bbee366fdc7ebf22/GeoRsGPU/GpuBlockProcessor.cu
//          (cristianionita/GeoRsGPU, commit b6f19f8: a GPU raster processor for GeoTIFF DEMs, Bucharest ASE / Univ.)
// Licence: MIT (the repository's LICENSE and each file's notice, "Copyright(c) 2017 Cristian Ionita, Ionut Sandric,
//          Marian Dardala, Titus Felix Furtuna"), repeated below.
// Kept: GpuBlockProcessor.cu line 31 (using namespace GeoRsGpu;) and lines 75-172 (the templates gpuKernel and
//       gpuKernel_NXM), unchanged. Removed: lines 1-21 (its licence notice, repeated once below), 22-30 (a blank line,
//       <stdexcept>, the includes of GpuBlockProcessor.cuh and of the four functor headers), 32-74 (a blank line,
//       MAX_ERROR_MESSAGE_LEN, the host constructor and destructor) and 173-506 (processBlock, executeCuda,
//       checkCuda, startCuda, stopCuda: the host). Copied in, marked: GeoRsGPU/DemKernels.cuh lines 23-315 (the whole
//       header but its licence notice, lines 1-22: RadDegree and the 13 DEM functors), unchanged.
// Selection, fixed before any run (collection/manifest.toml, the georsg_ entries): every gpuKernel instance that
// processBlock launches with a functor of DemKernels.cuh (10: Slope Brr and Zvn, Hillshade with its default
// SunAzimuth 315 and SunElevation 45, Aspect, Total/Plan/ProfileCurvature, TopographicPositionIndex EP, DIF and DEV),
// none dropped for its result, each launched as processBlock launches it: block 16 x 16, grid
// ceil(inW / 16) x ceil(inH / 16), a1..a5 0 but the hillshade's; the raster (a GeoTIFF of any size, read in blocks of
// the command line's size with a border of 1) replaced by one block of 72 x 72 cells, 5 m (dR = dC = 0), and
// Hillshade once more as the second of two 36-row blocks (input rows 35-71, output rows 36-71: dR = -1), the tiled
// case. gpuKernel_NXM (no launch in the repository; its 11-argument EQ() call fits none of the functors) and the
// functors of LocalStatistics/Trigonometric/MathKernels.cuh (not terrain) are not launched; KernelHillshadeSwiss and
// KernelHillshadeMDOW (defined, never launched) stay in the file. No race or out-of-bounds access seen by reading.
//
// MIT License
// 
// Copyright(c) 2017 Cristian Ionita, Ionut Sandric, Marian Dardala, Titus Felix Furtuna
// 
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files(the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and / or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions :
// 
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
// 
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

// ---- copied in from GeoRsGPU/DemKernels.cuh, lines 23-315 (the header but its licence notice), unchanged ----
#ifndef DEM_KERNELS_H
#define DEM_KERNELS_H

#include "cuda_runtime.h"

namespace GeoRsGpu {

	//__device__ const float RadDegree = 57.29578f;
	__device__ const float RadDegree = 57.295779513082320876798154814105f;

	struct KernelSlopeZevenbergen
	{
		__device__ float operator()(
			const float a, const float b, const float c,
			const float d, const float e, const float f,
			const float g, const float h, const float i,
			const float cellSizeX, const float cellSizeY, const float a1, const float a2, const float a3, const float a4, const float a5)
		{
			float dZdY = (b - h) / (2 * cellSizeY);
			float dZdX = (f - d) / (2 * cellSizeX);
			return (sqrt(pow(dZdX, 2) + pow(dZdY, 2))) * RadDegree;
		}
	};

	struct KernelSlopeBurruogh {
		__device__ float operator()(
			const float a, const float b, const float c,
			const float d, const float e, const float f,
			const float g, const float h, const float i,
			const float cellSizeX, const float cellSizeY, const float a1, const float a2, const float a3, const float a4, const float a5)
		{

			float dZdY = ((g + 2 * h + i) - (a + 2 * b + c)) / (8 * cellSizeY);
			float dZdX = ((c + 2 * f + i) - (a + 2 * d + g)) / (8 * cellSizeX);
			return atan(sqrt(pow(dZdX, 2) + pow(dZdY, 2))) * RadDegree;
		}
	};

	struct KernelHillshade
	{
		__device__ float operator()(
			const float a, const float b, const float c,
			const float d, const float e, const float f,
			const float g, const float h, const float i,
			const float cellSizeX, const float cellSizeY, const float a1, const float a2, const float a3, const float a4, const float a5)
		{
			float dZdY = ((g + 2 * h + i) - (a + 2 * b + c)) / (8 * cellSizeY);
			float dZdX = ((c + 2 * f + i) - (a + 2 * d + g)) / (8 * cellSizeX);

			float A = ((a + c + g + i) / 4 - (b + d + f + h) / 2 + e) / pow(cellSizeX, 4);
			float B = ((a + c - g - i) / 4 - (b - h) / 2) / pow(cellSizeX, 3);
			float C = ((-a + c - g + i) / 4 + (d - f) / 2) / pow(cellSizeX, 3);
			float D = ((d + f) / 2 - e) / pow(cellSizeX, 2);
			float E = ((b + h) / 2 - e) / pow(cellSizeX, 2);
			float F = (-a + c + g - i) / 4 * pow(cellSizeX, 2);
			float G = (-d + f) / 2 * cellSizeX;
			float H = (b - h) / 2 * cellSizeX;

			float aspect = atan2f(-H, -G);
			if (aspect < 0)
				aspect = 90.0 - aspect;
			else if (aspect > 90.0)
				aspect = 360.0 - aspect + 90.0;
			else
				aspect = 90.0 - aspect;

			float azimuthMath = a1;//360.0 - 310 + 90;
			float zenithRad = a2 / RadDegree; // 45 * 3.1438571429 / 180.0;
			float slope = atan(sqrt(pow(dZdX, 2) + pow(dZdY, 2)));
			float azimutRad = azimuthMath / RadDegree; // 3.1438571429 / 180.0;

			return 255.0 * ((cos(zenithRad) * cos(slope)) +
				(sin(zenithRad) * sin(slope) * cos(azimutRad - aspect)));
		}
	};


	struct KernelHillshadeSwiss
	{
		__device__ float operator()(
			const float a, const float b, const float c,
			const float d, const float e, const float f,
			const float g, const float h, const float i,
			const float cellSizeX, const float cellSizeY, const float a1, const float a2, const float a3, const float a4, const float a5)
		{
			float dZdY = ((g + 2 * h + i) - (a + 2 * b + c)) / (8 * cellSizeY);
			float dZdX = ((c + 2 * f + i) - (a + 2 * d + g)) / (8 * cellSizeX);

			float A = ((a + c + g + i) / 4 - (b + d + f + h) / 2 + e) / pow(cellSizeX, 4);
			float B = ((a + c - g - i) / 4 - (b - h) / 2) / pow(cellSizeX, 3);
			float C = ((-a + c - g + i) / 4 + (d - f) / 2) / pow(cellSizeX, 3);
			float D = ((d + f) / 2 - e) / pow(cellSizeX, 2);
			float E = ((b + h) / 2 - e) / pow(cellSizeX, 2);
			float F = (-a + c + g - i) / 4 * pow(cellSizeX, 2);
			float G = (-d + f) / 2 * cellSizeX;
			float H = (b - h) / 2 * cellSizeX;

			float aspect = atan2f(-H, -G);
			if (aspect < 0)
				aspect = 90.0 - aspect;
			else if (aspect > 90.0)
				aspect = 360.0 - aspect + 90.0;
			else
				aspect = 90.0 - aspect;

			float azimuthMath = a1;//360.0 - 310 + 90;
			float zenithRad = a2 / RadDegree; // 45 * 3.1438571429 / 180.0;
			float slope = atan(sqrt(pow(dZdX, 2) + pow(dZdY, 2)));
			float azimutRad = azimuthMath / RadDegree; // 3.1438571429 / 180.0;

			return 255.0 * ((cos(zenithRad) * cos(slope)) +
				(sin(zenithRad) * sin(slope) * cos(azimutRad - aspect)));
		}
	};

	struct KernelHillshadeMDOW
	{
		__device__ float operator()(
			const float a, const float b, const float c,
			const float d, const float e, const float f,
			const float g, const float h, const float i,
			const float cellSizeX, const float cellSizeY, const float a1, const float a2, const float a3, const float a4, const float a5)
		{
			float dZdY = ((g + 2 * h + i) - (a + 2 * b + c)) / (8 * cellSizeY);
			float dZdX = ((c + 2 * f + i) - (a + 2 * d + g)) / (8 * cellSizeX);

			float A = ((a + c + g + i) / 4 - (b + d + f + h) / 2 + e) / pow(cellSizeX, 4);
			float B = ((a + c - g - i) / 4 - (b - h) / 2) / pow(cellSizeX, 3);
			float C = ((-a + c - g + i) / 4 + (d - f) / 2) / pow(cellSizeX, 3);
			float D = ((d + f) / 2 - e) / pow(cellSizeX, 2);
			float E = ((b + h) / 2 - e) / pow(cellSizeX, 2);
			float F = (-a + c + g - i) / 4 * pow(cellSizeX, 2);
			float G = (-d + f) / 2 * cellSizeX;
			float H = (b - h) / 2 * cellSizeX;

			float aspect = atan2f(-H, -G);
			if (aspect < 0)
				aspect = 90.0 - aspect;
			else if (aspect > 90.0)
				aspect = 360.0 - aspect + 90.0;
			else
				aspect = 90.0 - aspect;

			float azimuthMath = a1;//360.0 - 310 + 90;
			float zenithRad = a2 / RadDegree; // 45 * 3.1438571429 / 180.0;
			float slope = atan(sqrt(pow(dZdX, 2) + pow(dZdY, 2)));
			float azimutRad = azimuthMath / RadDegree; // 3.1438571429 / 180.0;

			return 255.0 * ((cos(zenithRad) * cos(slope)) +
				(sin(zenithRad) * sin(slope) * cos(azimutRad - aspect)));
		}
	};

	struct KernelAspect
	{
		__device__ float operator()(
			const float a, const float b, const float c,
			const float d, const float e, const float f,
			const float g, const float h, const float i,
			const float cellSizeX, const float cellSizeY, const float a1, const float a2, const float a3, const float a4, const float a5)
		{
			float A = ((a + c + g + i) / 4 - (b + d + f + h) / 2 + e) / pow(cellSizeX, 4);
			float B = ((a + c - g - i) / 4 - (b - h) / 2) / pow(cellSizeX, 3);
			float C = ((-a + c - g + i) / 4 + (d - f) / 2) / pow(cellSizeX, 3);
			float D = ((d + f) / 2 - e) / pow(cellSizeX, 2);
			float E = ((b + h) / 2 - e) / pow(cellSizeX, 2);
			float F = (-a + c + g - i) / 4 * pow(cellSizeX, 2);
			float G = (-d + f) / 2 * cellSizeX;
			float H = (b - h) / 2 * cellSizeX;

			float aspect = atan2f(-H, -G) * RadDegree;
			if (aspect < 0)
				aspect = 90.0 - aspect;
			else if (aspect > 90.0)
				aspect = 360.0 - aspect + 90.0;
			else
				aspect = 90.0 - aspect;

			return aspect;
		}
	};

	struct KernelTotalCurvature {
		__device__ float operator()(
			const float a, const float b, const float c,
			const float d, const float e, const float f,
			const float g, const float h, const float i,
			const float cellSizeX, const float cellSizeY, const float a1, const float a2, const float a3, const float a4, const float a5)
		{

			float A = ((a + c + g + i) / 4 - (b + d + f + h) / 2 + e) / pow(cellSizeX, 4);
			float B = ((a + c - g - i) / 4 - (b - h) / 2) / pow(cellSizeX, 3);
			float C = ((-a + c - g + i) / 4 + (d - f) / 2) / pow(cellSizeX, 3);
			float D = ((d + f) / 2 - e) / pow(cellSizeX, 2);
			float E = ((b + h) / 2 - e) / pow(cellSizeX, 2);
			float F = (-a + c + g - i) / 4 * pow(cellSizeX, 2);
			float G = (-d + f) / 2 * cellSizeX;
			float H = (b - h) / 2 * cellSizeX;
			float I = e;
			return -2 * (D + E) * 100;
		}
	};

	struct KernelProfileCurvature {
		__device__ float operator()(
			const float a, const float b, const float c,
			const float d, const float e, const float f,
			const float g, const float h, const float i,
			const float cellSizeX, const float cellSizeY, const float a1, const float a2, const float a3, const float a4, const float a5)
		{

			float A = ((a + c + g + i) / 4 - (b + d + f + h) / 2 + e) / pow(cellSizeX, 4);
			float B = ((a + c - g - i) / 4 - (b - h) / 2) / pow(cellSizeX, 3);
			float C = ((-a + c - g + i) / 4 + (d - f) / 2) / pow(cellSizeX, 3);
			float D = ((d + f) / 2 - e) / pow(cellSizeX, 2);
			float E = ((b + h) / 2 - e) / pow(cellSizeX, 2);
			float F = (-a + c + g - i) / 4 * pow(cellSizeX, 2);
			float G = (-d + f) / 2 * cellSizeX;
			float H = (b - h) / 2 * cellSizeX;
			float I = e;
			return -2 * (D*pow(G, 2) + E * pow(H, 2) + F*G*H) / (pow(G, 2) + pow(H, 2));
		}
	};

	struct KernelPlanCurvature {
		__device__ float operator()(
			const float a, const float b, const float c,
			const float d, const float e, const float f,
			const float g, const float h, const float i,
			const float cellSizeX, const float cellSizeY, const float a1, const float a2, const float a3, const float a4, const float a5)
		{

			float A = ((a + c + g + i) / 4 - (b + d + f + h) / 2 + e) / pow(cellSizeX, 4);
			float B = ((a + c - g - i) / 4 - (b - h) / 2) / pow(cellSizeX, 3);
			float C = ((-a + c - g + i) / 4 + (d - f) / 2) / pow(cellSizeX, 3);
			float D = ((d + f) / 2 - e) / pow(cellSizeX, 2);
			float E = ((b + h) / 2 - e) / pow(cellSizeX, 2);
			float F = (-a + c + g - i) / 4 * pow(cellSizeX, 2);
			float G = (-d + f) / 2 * cellSizeX;
			float H = (b - h) / 2 * cellSizeX;
			float I = e;

			return 2 * (D * pow(H, 2) + E * pow(G, 2) - F * G * H) / (pow(G, 2) + pow(H, 2));
		}
	};

	struct KernelTopographicPositionIndex_EP
	{
		__device__ float operator()(
			const float a, const float b, const float c,
			const float d, const float e, const float f,
			const float g, const float h, const float i,
			const float cellSizeX, const float cellSizeY, const float a1, const float a2, const float a3, const float a4, const float a5)
		{
			float window[9] = { a, b, c, d, e, f, g , h, i };
			float counter = 0;
			for (int m = 0; m < 9; m++)
			{
				e < window[m] ? counter++ : counter;
			}
			return counter * 100 / 8.0f;
		}
	};

	struct KernelTopographicPositionIndex_DIF
	{
		__device__ float operator()(
			const float a, const float b, const float c,
			const float d, const float e, const float f,
			const float g, const float h, const float i,
			const float cellSizeX, const float cellSizeY, const float a1, const float a2, const float a3, const float a4, const float a5)
		{
			float meanWindow = (a + b + c + d + e + f + g + h + i) / 9.0f;
			float stdevWindow = sqrt((pow(a - meanWindow, 2) + pow(b - meanWindow, 2) + pow(c - meanWindow, 2) + pow(d - meanWindow, 2) + pow(e - meanWindow, 2) + pow(f - meanWindow, 2) + pow(g - meanWindow, 2) + pow(h - meanWindow, 2) + pow(i - meanWindow, 2)) / 9.0f);
			return (e - meanWindow);
		}
	};

	struct KernelTopographicPositionIndex_DEV
	{
		__device__ float operator()(
			const float a, const float b, const float c,
			const float d, const float e, const float f,
			const float g, const float h, const float i,
			const float cellSizeX, const float cellSizeY, const float a1, const float a2, const float a3, const float a4, const float a5)
		{
			float meanWindow = (a + b + c + d + e + f + g + h + i) / 9.0f;
			float stdevWindow = sqrt((pow(a - meanWindow, 2) + pow(b - meanWindow, 2) + pow(c - meanWindow, 2) + pow(d - meanWindow, 2) + pow(e - meanWindow, 2) + pow(f - meanWindow, 2) + pow(g - meanWindow, 2) + pow(h - meanWindow, 2) + pow(i - meanWindow, 2)) / 9.0f);
			return (e - meanWindow) / stdevWindow;
		}
	};
}
#endif // !DEM_KERNELS_H

// ---- end of the lines from DemKernels.cuh ----

using namespace GeoRsGpu;

template <typename EQ>
__global__ void gpuKernel(
	const float * const __restrict input, float * const __restrict output,
	const int height, const int width,
	const int heightOut, const int widthOut,
	const int deltaRow, const int deltaCol,
	const float cellSizeX, const float cellSizeY, const float a1, const float a2, const float a3, const float a4, const float a5)
{
	int rowIndex = blockIdx.y * blockDim.y + threadIdx.y;
	int colIndex = blockIdx.x * blockDim.x + threadIdx.x;

	int colIndexOut = colIndex + deltaCol;
	int rowIndexOut = rowIndex + deltaRow;

	if (colIndexOut < 0 || colIndexOut >= widthOut
		|| rowIndexOut < 0 || rowIndexOut >= heightOut)
	{
		// We don't have any output value
		return;
	}

	float& outputElem = output[rowIndexOut * widthOut + colIndexOut];

	if (colIndex > 0 && colIndex < width - 1
		&& rowIndex > 0 && rowIndex < height - 1)
	{
		// We have everything we need
		float a = input[width * (rowIndex - 1) + colIndex - 1];
		float b = input[width * (rowIndex - 1) + colIndex];
		float c = input[width * (rowIndex - 1) + colIndex + 1];

		float d = input[width * rowIndex + colIndex - 1];
		float e = input[width * rowIndex + colIndex];
		float f = input[width * rowIndex + colIndex + 1];

		float g = input[width * (rowIndex + 1) + colIndex - 1];
		float h = input[width * (rowIndex + 1) + colIndex];
		float i = input[width * (rowIndex + 1) + colIndex + 1];

		outputElem = EQ()(a, b, c, d, e, f, g, h, i, cellSizeX, cellSizeY, a1, a2, a3, a4, a5);
	}
	else if (
		colIndex == 0 || rowIndex == 0 ||
		colIndex == width - 1 || rowIndex == height - 1)
	{
		// We are on the edge - we don't have all surrounding values
		outputElem = 0;
	}
}
template <typename EQ>
__global__ void gpuKernel_NXM(
	const float * const __restrict input, float * const __restrict output,
	const int height, const int width,
	const int heightOut, const int widthOut,
	const int deltaRow, const int deltaCol,
	const float cellSizeX, const float cellSizeY, const float a1, const float a2, const float a3, const float a4, const float a5)
{
	int rowIndex = blockIdx.y * blockDim.y + threadIdx.y;
	int colIndex = blockIdx.x * blockDim.x + threadIdx.x;

	int colIndexOut = colIndex + deltaCol;
	int rowIndexOut = rowIndex + deltaRow;

	if (colIndexOut < 0 || colIndexOut >= widthOut
		|| rowIndexOut < 0 || rowIndexOut >= heightOut)
	{
		// We don't have any output value
		return;
	}

	float& outputElem = output[rowIndexOut * widthOut + colIndexOut];

	if (colIndex > 0 && colIndex < width - 1
		&& rowIndex > 0 && rowIndex < height - 1)
	{
		// We have everything we need
		float a = input[width * (rowIndex - 1) + colIndex - 1];
		float b = input[width * (rowIndex - 1) + colIndex];
		float c = input[width * (rowIndex - 1) + colIndex + 1];

		float d = input[width * rowIndex + colIndex - 1];
		float e = input[width * rowIndex + colIndex];
		float f = input[width * rowIndex + colIndex + 1];

		float g = input[width * (rowIndex + 1) + colIndex - 1];
		float h = input[width * (rowIndex + 1) + colIndex];
		float i = input[width * (rowIndex + 1) + colIndex + 1];

		outputElem = EQ()(a, b, c, d, e, f, g, h, i, cellSizeX, cellSizeY);
	}
	else if (
		colIndex == 0 || rowIndex == 0 ||
		colIndex == width - 1 || rowIndex == height - 1)
	{
		// We are on the edge - we don't have all surrounding values
		outputElem = 0;
	}
}
