// tilelab kernel collection: the ASTRA Toolbox's FDK cone-beam pre-weighting and short-scan Parker weighting
// Source:  https://github.com/astra-toolbox/astra-toolbox/blob/bf7acada528a85c5841979cc8a6473ec075dfcb7/cuda/3d/fdk.cu
//          (astra-toolbox/astra-toolbox, commit bf7acad: imec-VisionLab / CWI's 2-D and 3-D tomography toolbox)
// Licence: GPL-3.0-or-later (the repository's COPYING; the file's own notice, kept below).
// Kept: lines 1-26 (the notice), 39-40 (<cstdio>, <cassert>), 43-51 (the namespace, block constants, gC_angle),
//       63-163 (devFDK_preweight and devFDK_ParkerWeight) and 481 (the namespace's closing brace), unchanged.
// Removed: lines 28-37 (astra's includes: gpu_runtime_wrapper.h, util3d.h, dims3d.h, arith3d.h, cone_bp.h, fft.h,
//       Logging.h), 41 (<vector>), 53-61 (the host checkCufft) and 164-480 (the host functions FDK_PreWeight,
//       FDK_Filter, FDK, ...). The launches are FDK_PreWeight's (the manifest entries).
// Copied in, marked: include/astra/GeometryUtil3D.h lines 37 and 155-162 (struct SDimensions3D in namespace astra)
//       and include/astra/cuda/3d/dims3d.h line 41 (its using-declaration in namespace astraCUDA3d).
// What: FDK's cosine pre-weighting of each detector pixel (a 32 x 16 block: 32 detector columns x 16 angles, each
//       thread looping over up to 32 detector rows), and Parker's short-scan weights by angle (gC_angle, __constant__)
//       and fan angle, over projections stored [row][angle][pitch].
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

// ---- copied in: include/astra/GeometryUtil3D.h line 37 and lines 155-162
namespace astra {

struct SDimensions3D {
	unsigned int iVolX = 0;
	unsigned int iVolY = 0;
	unsigned int iVolZ = 0;
	unsigned int iProjAngles = 0;
	unsigned int iProjU = 0; // number of detectors in the U direction
	unsigned int iProjV = 0; // number of detectors in the V direction
};
}
// ---- end of GeometryUtil3D.h's lines

#include <cstdio>
#include <cassert>

namespace astraCUDA3d {

// ---- copied in: include/astra/cuda/3d/dims3d.h line 41
using astra::SDimensions3D;
// ---- end of dims3d.h's line


static const unsigned int g_anglesPerWeightBlock = 16;
static const unsigned int g_detBlockU = 32;
static const unsigned int g_detBlockV = 32;

static const unsigned g_MaxAngles = 12000;

__constant__ float gC_angle[g_MaxAngles];



// TODO: To support non-cube voxels, preweighting needs per-view
// parameters. NB: Need to properly take into account the
// anisotropic volume normalization done for that too.


__global__ void devFDK_preweight(void* D_projData, unsigned int projPitch, unsigned int startAngle, unsigned int endAngle, float fSrcOrigin, float fDetOrigin, float fZShift, float fDetUSize, float fDetVSize, const SDimensions3D dims)
{
	float* projData = (float*)D_projData;
	int angle = startAngle + blockIdx.y * g_anglesPerWeightBlock + threadIdx.y;
	if (angle >= endAngle)
		return;

	const int detectorU = (blockIdx.x%((dims.iProjU+g_detBlockU-1)/g_detBlockU)) * g_detBlockU + threadIdx.x;
	const int startDetectorV = (blockIdx.x/((dims.iProjU+g_detBlockU-1)/g_detBlockU)) * g_detBlockV;
	int endDetectorV = startDetectorV + g_detBlockV;
	if (endDetectorV > dims.iProjV)
		endDetectorV = dims.iProjV;

	// We need the length of the central ray and the length of the ray(s) to
	// our detector pixel(s).

	const float fCentralRayLength = fSrcOrigin + fDetOrigin;

	const float fU = (detectorU - 0.5f*dims.iProjU + 0.5f) * fDetUSize;

	const float fT = fCentralRayLength * fCentralRayLength + fU * fU;

	float fV = (startDetectorV - 0.5f*dims.iProjV + 0.5f) * fDetVSize + fZShift;

	// Contributions to the weighting factors:
	// fCentralRayLength / fRayLength   : the main FDK preweighting factor
	// fCentralRayLength / (fDetUSize * fSrcOrigin)
	//                                  : to adjust the filter to the det width
	// pi / (2 * iProjAngles)           : scaling of the integral over angles

	const float fW2 = fCentralRayLength / (fDetUSize * fSrcOrigin);
	const float fW = fCentralRayLength * fW2 * (M_PI / 2.0f) / (float)dims.iProjAngles;

	for (int detectorV = startDetectorV; detectorV < endDetectorV; ++detectorV)
	{
		const float fRayLength = sqrtf(fT + fV * fV);

		const float fWeight = fW / fRayLength;

		projData[(detectorV*dims.iProjAngles+angle)*projPitch+detectorU] *= fWeight;

		fV += fDetVSize;
	}
}

__global__ void devFDK_ParkerWeight(void* D_projData, unsigned int projPitch, unsigned int startAngle, unsigned int endAngle, float fSrcOrigin, float fDetOrigin, float fDetUSize, float fCentralFanAngle, float fScale, const SDimensions3D dims)
{
	float* projData = (float*)D_projData;
	int angle = startAngle + blockIdx.y * g_anglesPerWeightBlock + threadIdx.y;
	if (angle >= endAngle)
		return;

	const int detectorU = (blockIdx.x%((dims.iProjU+g_detBlockU-1)/g_detBlockU)) * g_detBlockU + threadIdx.x;
	const int startDetectorV = (blockIdx.x/((dims.iProjU+g_detBlockU-1)/g_detBlockU)) * g_detBlockV;
	int endDetectorV = startDetectorV + g_detBlockV;
	if (endDetectorV > dims.iProjV)
		endDetectorV = dims.iProjV;

	// We need the length of the central ray and the length of the projection
	// of our ray onto the central slice

	const float fCentralRayLength = fSrcOrigin + fDetOrigin;

	// TODO: Detector pixel size
	const float fU = (detectorU - 0.5f*dims.iProjU + 0.5f) * fDetUSize;

	const float fGamma = atanf(fU / fCentralRayLength);
	float fBeta = gC_angle[angle];

	// compute the weight depending on the location in the central fan's radon
	// space
	float fWeight;

	if (fBeta <= 0.0f) {
		fWeight = 0.0f;
	} else if (fBeta <= 2.0f*(fCentralFanAngle + fGamma)) {
		fWeight = sinf((M_PI / 4.0f) * fBeta / (fCentralFanAngle + fGamma));
		fWeight *= fWeight;
	} else if (fBeta <= M_PI + 2*fGamma) {
		fWeight = 1.0f;
	} else if (fBeta <= M_PI + 2*fCentralFanAngle) {
		fWeight = sinf((M_PI / 4.0f) * (M_PI + 2.0f*fCentralFanAngle - fBeta) / (fCentralFanAngle - fGamma));
		fWeight *= fWeight;
	} else {
		fWeight = 0.0f;
	}

	fWeight *= fScale;

	for (int detectorV = startDetectorV; detectorV < endDetectorV; ++detectorV)
	{
		projData[(detectorV*dims.iProjAngles+angle)*projPitch+detectorU] *= fWeight;
	}
}

}
