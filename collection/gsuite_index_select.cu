// tilelab kernel collection: GSuite's index_select kernel (gathering the rows of a feature matrix that an index
// array names: the GNN layers' gather of source-node features per edge), CUDA back end
// Source:  https://github.com/tekdogan/gsuite/blob/d33afdcb63a22ad8644bbe6ec8ceb112eba147ec/cuda/index_select.cu
//          (tekdogan/gsuite, commit d33afdc: GSuite, a GNN inference benchmark suite)
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: the repository's notice
//          is repeated below).
// Kept: index_select.cu lines 57-77 (the kernel indexSelectLargeIndex), unchanged. Removed: line 1 (#include
//       "index_select.h": <cuda.h>, <iostream> and declarations; the kernel needs none of them) and lines 3-55 (the
//       host's index_select). The launch is index_select's: indexSelectLargeIndex<<<dstTotalSize, 1>>> with
//       dstTotalSize = indSize * srcCols for dim 0.

/*
 * MIT License
 *
 * Copyright (c) 2021 Taha Tekdoğan
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

__global__ void indexSelectLargeIndex(float *src, int srcRows, int srcCols,
                    int dim, int* indices, int indSize, int dstSize,
                    float *out) {
    
	const int thread_idx = blockIdx.x * blockDim.x + threadIdx.x;

	if (thread_idx < dstSize) {

		// calculate the index info
		const int id_row = (int)*( indices + (int)(thread_idx/srcCols) );
		const int id_col = thread_idx % srcCols;

//		printf("thread id: %d, id_row: %d, id_col, %d\n", thread_idx, id_row, id_col);
		// update respected cell

		int data = *(src + id_row*srcCols + id_col);

		*(out + thread_idx) = data;
	}
    
}
