// tilelab kernel collection: ChatRWKV's RWKV-4 WKV forward for inference (the time-mixing recurrence over a
// sequence, its state aa / bb / pp read and written back)
// Source:  https://github.com/BlinkDL/ChatRWKV/blob/ae282c3da19971fda5e94c39edfbae37cc97f4e7/v2/rwkv/cuda/wkv_cuda.cu
//          (BlinkDL/ChatRWKV, commit ae282c3: the chat and inference code of RWKV; v2's CUDA WKV for a sequence,
//          the file's last version before it moved into the pip package)
// Licence: Apache-2.0 (the repository's LICENSE; the file carries no notice: the licence's notice is below).
// Kept: wkv_cuda.cu lines 1-45 (<stdio.h>, <assert.h>, MIN_VALUE, kernel_forward), unchanged. Removed: the host
//       function cuda_forward (lines 46-52). Its launch: block min(C, 32), grid B * C / block, with B = 1
//       (v2/rwkv/model.py's WKV.forward calls wkv_cuda.forward(1, T, C, ...)); built with --use_fast_math
//       (-O3, --extra-device-vectorization): the entries' option --use_fast_math.

/*
 * The repository's licence (its LICENSE: the Apache License, Version 2.0; the source file carries no notice of
 * its own, so the licence's standard notice is repeated here):
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

#include <stdio.h>
#include <assert.h>

#define MIN_VALUE (-1e38)

template <typename F>
__global__ void kernel_forward(const int B, const int T, const int C,
                               const F *__restrict__ const _w, const F *__restrict__ const _u, const F *__restrict__ const _k, const F *__restrict__ const _v,
                               F *__restrict__ const _y, F *__restrict__ const _aa, F *__restrict__ const _bb, F *__restrict__ const _pp) {
    const int idx = blockIdx.x * blockDim.x + threadIdx.x;
    const int _b = idx / C;
    const int _c = idx % C;
    const int _offset = _b * T * C + _c;
    const int _state_offset = _b * C + _c;

    F u = _u[_c];
    F w = _w[_c];
    const F *__restrict__ const k = _k + _offset;
    const F *__restrict__ const v = _v + _offset;
    F *__restrict__ const y = _y + _offset;

    F aa = _aa[_state_offset];
    F bb = _bb[_state_offset];
    F pp = _pp[_state_offset];
    for (int i = 0; i < T; i++) {
        const int ii = i * C;
        F kk = k[ii];
        F vv = v[ii];
        F ww = u + kk;
        F p = max(pp, ww);
        F e1 = exp(pp - p);
        F e2 = exp(ww - p);
        y[ii] = (e1 * aa + e2 * vv) / (e1 * bb + e2);
        ww = w + pp;
        p = max(ww, kk);
        e1 = exp(ww - p);
        e2 = exp(kk - p);
        aa = e1 * aa + e2 * vv;
        bb = e1 * bb + e2;
        pp = p;
    }
    _aa[_state_offset] = aa;
    _bb[_state_offset] = bb;
    _pp[_state_offset] = pp;
}
