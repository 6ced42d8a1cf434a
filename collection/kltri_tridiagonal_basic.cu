// tilelab kernel collection: batches of tridiagonal systems, one system a thread by the Thomas algorithm (Thomas_kernel,
// in place: c and d overwritten, d the solution) and one system a block by cyclic reduction (CR_kernel: odd-even reduction
// into a global buffer while the system holds at least 2 * blockDim equations, thread 0's Thomas on the rest, then back
// Source:  https://github.com/NIC0NIC0NI/TridiagonalSolver/blob/9330103243acc4c811249ec4ffdb8df63c003350/Tridiagonal_CUDA/tridiagonal_basic.cu
//          (NIC0NIC0NI/TridiagonalSolver, commit 9330103, Kan Liu's batched tridiagonal solvers for CUDA and AVX-512)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2020 Kan Liu"), repeated below.
// substitution), each at float and double.
// Kept: lines 4-164 (the templates Thomas_kernel and CR_kernel), unchanged. Removed: lines 1-3 (cusparse.h, the
//       host header tridiagonal.h, a blank line) and lines 165-end (THOMAS_THREAD_NUM = CR_THREAD_NUM = 64, the host wrappers
//       Thomas_single/_double, CR_single/_double with their buffer allocation, and the cuSPARSE wrappers).
// Selection, fixed before any run (collection/manifest.toml, the kltri_ entries): every __global__ kernel of the file
// (the two templates at both instances the host uses, float and double), none dropped for its result, each launched
// as its host wrapper launches it: Thomas <<<(n_batch-1)/64+1, 64>>>, CR <<<n_batch, 64>>> with the 4 * n_eqt * n_batch
// buffer CR_init allocates; run_all.sh's sizes (64 ... 65536 equations, 2^27 / size systems) replaced by 448
// equations (two CR levels: 448 -> 224 -> 112, then Thomas) and 64 (no CR level: thread 0's Thomas alone), with 100
// systems for Thomas (two blocks, the second partial) and 6 for CR; the systems diagonally dominant (b = 8 + u,
// a = 3 + u, c = 2 + u, d = 5 + u, a[0] = c[n-1] = 0); the buffer zeroed.
//
// MIT License
//
// Copyright (c) 2020 Kan Liu
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

// Tridiagonal_CUDA/tridiagonal_basic.cu, lines 4-164
template<typename val_t>
__global__ void Thomas_kernel(val_t *a_gbl, val_t *b_gbl, val_t *c_gbl, val_t *d_gbl, int n_eqt, int n_batch) {
    int task_id = blockIdx.x * blockDim.x + threadIdx.x;
    if(task_id < n_batch){
        int i;
        val_t *a = a_gbl + task_id*n_eqt;
        val_t *b = b_gbl + task_id*n_eqt;
        val_t *c = c_gbl + task_id*n_eqt;
        val_t *r = d_gbl + task_id*n_eqt;
        val_t cc = c[0]/b[0];
        val_t rr = r[0]/b[0];
        c[0] = cc;
        r[0] = rr;

        for(i = 1; i < n_eqt; i ++) {
            val_t k = (b[i] - cc*a[i]);
            cc = c[i] / k;
            rr = (r[i] - rr*a[i]) / k;
            c[i] = cc;
            r[i] = rr;
        }
        for(i = n_eqt-2; i >= 0; i --) {
            rr = r[i] - c[i] * rr;
            r[i] = rr;
        }
    }
}

template<typename val_t>
__global__ void CR_kernel(val_t *a_gbl, val_t *b_gbl, val_t *c_gbl, val_t *d_gbl, val_t *buffer, int n_eqt, int n_batch) {
    const int tid = threadIdx.x;
    const int tnum = blockDim.x;
    const int bid = blockIdx.x;
    
    val_t *a = a_gbl + bid*n_eqt;
    val_t *b = b_gbl + bid*n_eqt;
    val_t *c = c_gbl + bid*n_eqt;
    val_t *d = d_gbl + bid*n_eqt;
    
    val_t *a1 = a;
    val_t *b1 = b;
    val_t *c1 = c;
    val_t *d1 = d;

    val_t *a2 = buffer + 0*n_eqt*n_batch + bid*n_eqt;
    val_t *b2 = buffer + 1*n_eqt*n_batch + bid*n_eqt;
    val_t *c2 = buffer + 2*n_eqt*n_batch + bid*n_eqt;
    val_t *d2 = buffer + 3*n_eqt*n_batch + bid*n_eqt;
    
    __shared__ int length_record[32];
    int iter = 0;
    if(tid==0) length_record[0] = n_eqt;
    __syncthreads();
    //CR Forward
    while(length_record[iter] >= 2*tnum) {
        int n = length_record[iter]/2;
        if(length_record[iter]%2)
        {
            int i = tid;
            for(i = tid; i < n; i += tnum) {
                val_t k1 = a1[2*i+1]/b1[2*i-0];
                val_t k2 = c1[2*i+1]/b1[2*i+2];
                a2[i] = -a1[2*i-0] * k1;
                b2[i] = b1[2*i+1] - c1[2*i-0]*k1 - a1[2*i+2]*k2;
                c2[i] = -c1[2*i+2] * k2;
                d2[i] = d1[2*i+1] - d1[2*i-0]*k1 - d1[2*i+2]*k2;
            }
        } else {
            int i = tid;
            {
                val_t k1 = a1[2*i]/((tid==0)?1:b1[2*i-1]);
                val_t k2 = c1[2*i]/b1[2*i+1];
                a2[i] = -((tid==0)?0:a1[2*i-1]) * k1;
                b2[i] = b1[2*i] - ((tid==0)?0:c1[2*i-1])*k1 - a1[2*i+1]*k2;
                c2[i] = -c1[2*i+1] * k2;
                d2[i] = d1[2*i] - ((tid==0)?0:d1[2*i-1])*k1 - d1[2*i+1]*k2;
            }
            for(i = tid+tnum; i < n; i += tnum) {
                val_t k1 = a1[2*i]/b1[2*i-1];
                val_t k2 = c1[2*i]/b1[2*i+1];
                a2[i] = -a1[2*i-1] * k1;
                b2[i] = b1[2*i] - c1[2*i-1]*k1 - a1[2*i+1]*k2;
                c2[i] = -c1[2*i+1] * k2;
                d2[i] = d1[2*i] - d1[2*i-1]*k1 - d1[2*i+1]*k2;
            }
        }
        a1 = a2;
        b1 = b2;
        c1 = c2;
        d1 = d2;
        a2 = a2 + n;
        b2 = b2 + n;
        c2 = c2 + n;
        d2 = d2 + n;
        ++iter;
        if(tid == 0)length_record[iter] = n;
        __syncthreads();
    }
    //Thomas
    if(tid == 0) {
        int n = length_record[iter];
        c1[0] = c1[0]/b1[0];
        d1[0] = d1[0]/b1[0];
        int i;
        for(i = 1; i < n; i ++) {
            val_t k = b1[i]-c1[i-1]*a1[i];
            c1[i] = c1[i] / k;
            d1[i] = (d1[i]-d1[i-1]*a1[i]) / k;
        }
        for(i = n-2; i >= 0; i --) {
            d1[i] = d1[i] - c1[i]*d1[i+1];
        }
    }
    __syncthreads();

    iter --;
    while(iter >= 0) {
        d2 = d1;
        if(iter > 0) {
            a1 = a1 - length_record[iter];
            b1 = b1 - length_record[iter];
            c1 = c1 - length_record[iter];
            d1 = d1 - length_record[iter];
        } else {
            a1 = a;
            b1 = b;
            c1 = c;
            d1 = d;
        }
        int n = length_record[iter]/2;
        if(length_record[iter]%2) {
            int ii = tid;
            {
                int i = n - 1 - ii;
                d1[2*i+1] = d2[i];
                d1[2*i+2] = (d1[2*i+2] - a1[2*i+2]*d2[i] - c1[2*i+2]*((tid==0)?0:d2[i+1]))/b1[2*i+2];
            }
            for(ii = tid+tnum; ii < n; ii += tnum) {
                int i = n - 1 - ii;
                d1[2*i+1] = d2[i];
                d1[2*i+2] = (d1[2*i+2] - a1[2*i+2]*d2[i] - c1[2*i+2]*d2[i+1])/b1[2*i+2];
            }
            if(tid == 0)
                d1[0] = (d1[0] - c1[0]*d2[0])/b1[0];
        } else {
            int ii = tid;
            {
                int i = n - 1 - ii;
                d1[2*i] = d2[i];
                d1[2*i+1] = (d1[2*i+1] - a1[2*i+1]*d2[i] - c1[2*i+1]*((tid==0)?0:d2[i+1]))/b1[2*i+1];
            }
            for(ii = tid+tnum; ii < n; ii += tnum) {
                int i = n - 1 - ii;
                d1[2*i] = d2[i];
                d1[2*i+1] = (d1[2*i+1] - a1[2*i+1]*d2[i] - c1[2*i+1]*d2[i+1])/b1[2*i+1];
            }
        }
        iter --;
        __syncthreads();
    }
}
