// tilelab kernel collection: Folke Vesterlund's 8-way connected-component labelling of a binary image by Playne and
// Hawick's equivalence algorithm (init_labels: each pixel's label a same-valued NW/N/NE/W neighbour or itself; resolve_labels:
// each pixel's chain followed to its root; label_reduction: the critical cases merged by atomicMin; resolve_background).
// Source:  https://github.com/FolkeV/CUDA_CCL/blob/1e9ca96f2db5002c14ed324df5cacf08866369ac/CCL.cu and reduction.cuh
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2019 Folke Vesterlund"; CCL.cu's notice adds Daniel Peter Playne's
//          2018 copyright, reduction.cuh carries Playne's alone); both notices follow.
//          (FolkeV/CUDA_CCL, commit 1e9ca96, "CUDA 8-way Connected Component Labelling", after DanielPlayne/playne-equivalence-algorithm)
// Kept: reduction.cuh lines 27-85 (its two __device__ functions find_root and reduction; the include guard removed)
//       and CCL.cu lines 29-30 (BLOCK_SIZE_X/Y, the host's block) and 56-158 (the four kernels), unchanged.
//       Removed: CCL.cu lines 26-27 (#include "CCL.cuh", "reduction.cuh": the latter copied in above) and 32-54 (the host
//       function connectedComponentLabeling), reduction.cuh's include guard (lines 24-25, 87); main.cu and utils.hpp (host).
// Selection, fixed before any run (collection/manifest.toml, the fvccl_ entries): every __global__ kernel of CCL.cu, none
// dropped for its result, each launched as connectedComponentLabeling launches it (block 32 x 4, grid ceil(cols/32) x
// ceil(rows/4), the five launches init, resolve, reduction, resolve, background in that order), on two images: 64 x 48 (the
// kind of the repository's 1024 x 1024 test image: a width a multiple of 32) and 50 x 21 (any image main.cu reads: a width
// that is not, and a partial last row of blocks). main.cu's threshold (255 above the image mean, else 0) is applied to a
// smoothed random image (references.fvccl_image); each launch's input labels are the numpy port of the launches before it.
// Read before any run: resolve_labels is a data race by design (a thread writes its own label while other threads' chains
// read it); at a width that is not a multiple of 32, resolve_labels and resolve_background compute id = row * cols + col with
// no test of col, so a thread past a row's end takes the next row's first pixels: resolve_background's g_labels[id] + 1 is
// then read and written by two threads (a race that can add 2). label_reduction's plain loads meet other threads' atomicMin
// (not a plain-store race).
//

// ---- reduction.cuh, lines 1-22 (its notice) ----
/* MIT License

 * Copyright (c) 2018 - Daniel Peter Playne
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */

// ---- CCL.cu, lines 1-24 (its notice) ----
/* MIT License
 *
 * Copyright (c) 2018 - Daniel Peter Playne
 *
 * Copyright (c) 2019 - Folke Vesterlund
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */

// ---- reduction.cuh, lines 27-85 ----
// ---------- Find the root of a chain ----------
__device__ __inline__ unsigned int find_root(unsigned int *labels, unsigned int label) {
	// Resolve Label
	unsigned int next = labels[label];

	// Follow chain
	while(label != next) {
		// Move to next
		label = next;
		next = labels[label];
	}

	// Return label
	return(label);
}

// ---------- Label Reduction ----------
__device__ __inline__ unsigned int reduction(unsigned int *g_labels, unsigned int label1, unsigned int label2) {
	// Get next labels
	unsigned int next1 = (label1 != label2) ? g_labels[label1] : 0;
	unsigned int next2 = (label1 != label2) ? g_labels[label2] : 0;

	// Find label1
	while((label1 != label2) && (label1 != next1)) {
		// Adopt label
		label1 = next1;

		// Fetch next label
		next1 = g_labels[label1];
	}

	// Find label2
	while((label1 != label2) && (label2 != next2)) {
		// Adopt label
		label2 = next2;

		// Fetch next label
		next2 = g_labels[label2];
	}

	unsigned int label3;
	// While Labels are different
	while(label1 != label2) {
		// Label 2 should be smallest
		if(label1 < label2) {
			// Swap Labels
			label1 = label1 ^ label2;
			label2 = label1 ^ label2;
			label1 = label1 ^ label2;
		}

		// AtomicMin label1 to label2
		label3 = atomicMin(&g_labels[label1], label2);
		label1 = (label1 == label3) ? label2 : label3;
	}

	// Return label1
	return(label1);
}

// ---- CCL.cu, lines 29-30 and 56-158 ----
#define BLOCK_SIZE_X 32
#define BLOCK_SIZE_Y 4

/* CUDA kernels
 */
__global__ void init_labels(unsigned int* g_labels, const unsigned char *g_image, const size_t numCols, const size_t numRows) {
	// Calculate index
	const unsigned int ix = (blockIdx.x * blockDim.x) + threadIdx.x;
	const unsigned int iy = (blockIdx.y * blockDim.y) + threadIdx.y;

	// Check Thread Range
	if((ix < numCols) && (iy < numRows)) {
		// Fetch five image values
		const unsigned char pyx = g_image[iy*numCols + ix];

		// Neighbour Connections
		const bool nym1x   =  (iy > 0) 					  	 ? (pyx == g_image[(iy-1) * numCols + ix  ]) : false;
		const bool nyxm1   =  (ix > 0)  		  			 ? (pyx == g_image[(iy  ) * numCols + ix-1]) : false;
		const bool nym1xm1 = ((iy > 0) && (ix > 0)) 		 ? (pyx == g_image[(iy-1) * numCols + ix-1]) : false;
		const bool nym1xp1 = ((iy > 0) && (ix < numCols -1)) ? (pyx == g_image[(iy-1) * numCols + ix+1]) : false;

		// Label
		unsigned int label;

		// Initialise Label
		// Label will be chosen in the following order:
		// NW > N > NE > E > current position
		label = (nyxm1)   ?  iy   *numCols + ix-1 : iy*numCols + ix;
		label = (nym1xp1) ? (iy-1)*numCols + ix+1 : label;
		label = (nym1x)   ? (iy-1)*numCols + ix   : label;
		label = (nym1xm1) ? (iy-1)*numCols + ix-1 : label;

		// Write to Global Memory
		g_labels[iy*numCols + ix] = label;
	}
}

// Resolve Kernel
__global__ void resolve_labels(unsigned int *g_labels,
		const size_t numCols, const size_t numRows) {
	// Calculate index
	const unsigned int id = ((blockIdx.y * blockDim.y) + threadIdx.y) * numCols +
							((blockIdx.x * blockDim.x) + threadIdx.x);

	// Check Thread Range
	if(id < (numRows* numCols)) {
		// Resolve Label
		g_labels[id] = find_root(g_labels, g_labels[id]);
	}
}

// Label Reduction
__global__ void label_reduction(unsigned int *g_labels, const unsigned char *g_image,
		const size_t numCols, const size_t numRows) {
	// Calculate index
	const unsigned int iy = ((blockIdx.y * blockDim.y) + threadIdx.y);
	const unsigned int ix = ((blockIdx.x * blockDim.x) + threadIdx.x);

	// Check Thread Range
	if((ix < numCols) && (iy < numRows)) {
		// Compare Image Values
		const unsigned char pyx = g_image[iy*numCols + ix];
		const bool nym1x = (iy > 0) ? (pyx == g_image[(iy-1)*numCols + ix]) : false;

		if(!nym1x) {
			// Neighbouring values
			const bool nym1xm1 = ((iy > 0) && (ix >  0)) 		 ? (pyx == g_image[(iy-1) * numCols + ix-1]) : false;
			const bool nyxm1   =              (ix >  0) 		 ? (pyx == g_image[(iy  ) * numCols + ix-1]) : false;
			const bool nym1xp1 = ((iy > 0) && (ix < numCols -1)) ? (pyx == g_image[(iy-1) * numCols + ix+1]) : false;

			if(nym1xp1){
				// Check Criticals
				// There are three cases that need a reduction
				if ((nym1xm1 && nyxm1) || (nym1xm1 && !nyxm1)){
					// Get labels
					unsigned int label1 = g_labels[(iy  )*numCols + ix  ];
					unsigned int label2 = g_labels[(iy-1)*numCols + ix+1];

					// Reduction
					reduction(g_labels, label1, label2);
				}

				if (!nym1xm1 && nyxm1){
					// Get labels
					unsigned int label1 = g_labels[(iy)*numCols + ix  ];
					unsigned int label2 = g_labels[(iy)*numCols + ix-1];

					// Reduction
					reduction(g_labels, label1, label2);
				}
			}
		}
	}
}

// Force background to get label zero;
__global__ void resolve_background(unsigned int *g_labels, const unsigned char *g_image,
		const size_t numCols, const size_t numRows){
	// Calculate index
	const unsigned int id = ((blockIdx.y * blockDim.y) + threadIdx.y) * numCols +
							((blockIdx.x * blockDim.x) + threadIdx.x);

	if(id < numRows*numCols){
		g_labels[id] = (g_image[id] > 0) ? g_labels[id]+1 : 0;
	}
}
