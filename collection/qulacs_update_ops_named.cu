// tilelab kernel collection: Qulacs's GPU simulator, the named gates (update_ops_named.cu)
// Source:  https://github.com/qulacs/qulacs/blob/00ee432cdf91e680e841b27340a1085d538c000e/src/gpusim/update_ops_named.cu
//          (qulacs/qulacs, commit 00ee432, 2019-10-14: "fix bugs in normalize function in gpu"; the qulacs-gpu state-vector kernels)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2018 Qulacs Authors"; the file carries no notice of its own),
//          the notice follows.
// What: the state vector is one cuDoubleComplex array; each thread takes one amplitude (normalize), one pair (H, X, Y,
// Z, P0, P1: the target bit inserted into the thread index) or one quadruple (CZ, CNOT, SWAP: two bits inserted).
// Kept (unchanged): lines 12-32 (H_gate_gpu), 55-72 (X_gate_gpu), 95-110 (Y_gate_gpu), 133-141 (Z_gate_gpu), 164-193
//       (CZ_gate_device), 196-211 (CZ_gate_gpu), 245-277 (CNOT_gate_gpu), 300-329 (SWAP_gate_device), 331-350
//       (SWAP_gate_gpu), 383-392 (P0_gate_gpu), 416-424 (P1_gate_gpu), 448-458 (normalize_gpu). Removed: lines 1-10 (the
//       includes), every __host__ wrapper and 459-end (host code).
// Copied in, marked: src/gpusim/util_type_internal.h lines 4-5 (<cuComplex.h>, typedef cuDoubleComplex GTYPE),
//       src/gpusim/util_type.h lines 8 and 13 (typedef unsigned int UINT; typedef unsigned long long ITYPE: the non-MSVC
//       branch) and src/gpusim/util.cuh lines 60-64 (insert_zero_to_basis_index_device), all at the same commit.
// Selection, fixed before any run (collection/manifest.toml, the qulacs_ entries): every __global__ kernel of this file
// (10), each launched once as its __host__ wrapper launches it (block = min(n, 1024), grid = n / block, n = dim/2 for
// the one-qubit gates, dim/4 for the two-qubit ones, dim for normalize), at 12 qubits (dim 4096).
// Read before any run: no race (the pairs and quadruples of different threads are disjoint), no out-of-bounds access
// at these shapes.
//
/*
 * MIT License
 *
 * Copyright (c) 2018 Qulacs Authors
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

// from src/gpusim/util_type_internal.h (at 00ee432), lines 4-5
#include <cuComplex.h>
typedef cuDoubleComplex GTYPE;

// from src/gpusim/util_type.h (at 00ee432), lines 8 and 13 (the non-MSVC ITYPE)
typedef unsigned int UINT;
typedef unsigned long long ITYPE;

// from src/gpusim/util.cuh (at 00ee432), lines 60-64
inline __device__ ITYPE insert_zero_to_basis_index_device(ITYPE basis_index, unsigned int qubit_index){
    // ((basis_index >> qubit_index) << (qubit_index+1) )+ (basis_index % basis_mask)
	ITYPE temp_basis = (basis_index >> qubit_index) << (qubit_index+1);
    return (temp_basis + (basis_index & ( (1ULL<<qubit_index) -1)));
}

__global__ void H_gate_gpu(unsigned int target_qubit_index, GTYPE *state_gpu, ITYPE dim) {
	ITYPE j = blockIdx.x * blockDim.x + threadIdx.x;
	ITYPE basis0, basis1;
	GTYPE tmp;
	double inv_sqrt=1.0/sqrt(2.0);

	if (j < (dim >> 1)){
		//basis0 = ((j & ~((ONE<< i)-1)) << 1) + (j & ((ONE<< i)-1));
		//basis1 = basis0 + (ONE<< i);
		basis0 = (j >> target_qubit_index);
		basis0 = basis0 << (target_qubit_index + 1);
		basis0 += j & ((1ULL << target_qubit_index) - 1);
		basis1 = basis0 ^ (1ULL << target_qubit_index);

		tmp = state_gpu[basis0];
		state_gpu[basis0] = cuCadd(tmp, state_gpu[basis1]);
		state_gpu[basis1] = cuCadd(tmp, make_cuDoubleComplex(-1*state_gpu[basis1].x, -1*state_gpu[basis1].y));
		state_gpu[basis0] = make_cuDoubleComplex(state_gpu[basis0].x * inv_sqrt, state_gpu[basis0].y * inv_sqrt);
		state_gpu[basis1] = make_cuDoubleComplex(state_gpu[basis1].x * inv_sqrt, state_gpu[basis1].y * inv_sqrt);
	}
}

__global__ void X_gate_gpu(unsigned int target_qubit_index, GTYPE *state_gpu, ITYPE dim) {
	ITYPE j = blockIdx.x * blockDim.x + threadIdx.x;
	ITYPE basis0, basis1;
	GTYPE tmp;

	if (j < (dim>>1)){
		//basis0 = ((j & ~((ONE<< i)-1)) << 1) + (j & ((ONE<< i)-1));
		//basis1 = basis0 + (ONE<< i);
		basis0 = (j >> target_qubit_index);
		basis0 = basis0 << (target_qubit_index + 1);
		basis0 += j & ((1ULL << target_qubit_index) - 1);
		basis1 = basis0 ^ (1ULL << target_qubit_index);

		tmp = state_gpu[basis0];
		state_gpu[basis0] = state_gpu[basis1];
		state_gpu[basis1] = tmp;
    }
}

__global__ void Y_gate_gpu(unsigned int target_qubit_index, GTYPE *state_gpu, ITYPE dim) {
	ITYPE j = blockIdx.x * blockDim.x + threadIdx.x;
	ITYPE basis0, basis1;
	GTYPE tmp;

	if (j < (dim>>1)){
		basis0 = (j >> target_qubit_index);
		basis0 = basis0 << (target_qubit_index + 1);
		basis0 += j & ((1ULL << target_qubit_index) - 1);
		basis1 = basis0 ^ (1ULL << target_qubit_index);

		tmp = state_gpu[basis0];
		state_gpu[basis0] = make_cuDoubleComplex(cuCimag(state_gpu[basis1]), -cuCreal(state_gpu[basis1]));
		state_gpu[basis1] = make_cuDoubleComplex(-cuCimag(tmp), cuCreal(tmp));
	}
}

__global__ void Z_gate_gpu(unsigned int target_qubit_index, GTYPE *state_gpu, ITYPE DIM) {
	ITYPE j = blockIdx.x * blockDim.x + threadIdx.x;
	ITYPE basis0, basis1;
	if (j < (DIM>>1)){
		basis0 = insert_zero_to_basis_index_device(j, target_qubit_index);
		basis1 = basis0^(1ULL<<target_qubit_index);
		state_gpu[basis1] = make_cuDoubleComplex(-cuCreal(state_gpu[basis1]), -cuCimag(state_gpu[basis1]));
	}
}

__device__ void CZ_gate_device(unsigned int control_qubit_index, unsigned int target_qubit_index, GTYPE *state_gpu, ITYPE DIM) {
	ITYPE bigger, smaller;
	ITYPE tmp, tmp1, tmp2;
	ITYPE quarter_DIM = DIM >> 2;
	ITYPE j = blockIdx.x * blockDim.x + threadIdx.x;
    
    if (control_qubit_index > target_qubit_index) {
		bigger = control_qubit_index;
		smaller = target_qubit_index;
	}
	else {
		bigger = target_qubit_index;
		smaller = control_qubit_index;
	}
	
    if (j < quarter_DIM){
		tmp = j & ((1ULL << smaller) - 1);
		tmp1 = j & ((1ULL << (bigger - 1)) - 1);
		tmp2 = j - tmp1;

		tmp1 = tmp1 - tmp;
		tmp1 = (tmp1 << 1);

		tmp2 = (tmp2 << 2);

		tmp = tmp + (1ULL << smaller) + tmp1 + (1ULL << bigger) + tmp2;

		state_gpu[tmp] = make_cuDoubleComplex(-cuCreal(state_gpu[tmp]), -cuCimag(state_gpu[tmp]));
	}
}

__global__ void CZ_gate_gpu(unsigned int large_index, unsigned int small_index, GTYPE *state_gpu, ITYPE DIM) {
    ITYPE head, body, tail;
    ITYPE basis11;
    ITYPE quarter_DIM = DIM >> 2;
    ITYPE j = blockIdx.x * blockDim.x + threadIdx.x;
    
    if (j < quarter_DIM){
        head = j >> (large_index - 1);
        body = (j & ((1ULL << (large_index- 1)) - 1)) >> small_index; // (j % 2^(large-1)) >> small
        tail = j & ((1ULL << small_index) - 1); // j%(2^small)
        
        basis11 = (head << (large_index + 1)) + (body << (small_index + 1)) + (1ULL << large_index) + (1ULL << small_index) + tail;
        
        state_gpu[basis11] = make_cuDoubleComplex(-cuCreal(state_gpu[basis11]), -cuCimag(state_gpu[basis11]));
	}
}

__global__ void CNOT_gate_gpu(unsigned int control_qubit_index, unsigned int target_qubit_index, GTYPE *psi_gpu, ITYPE dim)
{
	unsigned int left, right;
	ITYPE head, body, tail;
	ITYPE basis10, basis11;
	GTYPE tmp_psi;
	ITYPE quarter_dim = dim >>2 ;
	ITYPE j = blockIdx.x * blockDim.x + threadIdx.x;

	if (target_qubit_index > control_qubit_index){
		left = target_qubit_index;
		right = control_qubit_index;
	}
	else {
		left = control_qubit_index;
		right = target_qubit_index;
	}

	if (j < quarter_dim){
		head = j >> (left - 1);
		body = (j & ((1ULL << (left - 1)) - 1)) >> right; // (j % 2^(k-1)) >> i
		tail = j & ((1ULL << right) - 1); // j%(2^i)

		// ONE<<control
		basis10 = (head << (left + 1)) + (body << (right + 1)) + (1ULL << control_qubit_index) + tail;
		// ONE<<target, ONE<<control
		basis11 = (head << (left + 1)) + (body << (right + 1)) + (1ULL << target_qubit_index) + (1ULL << control_qubit_index) + tail;

		tmp_psi = psi_gpu[basis11];
		psi_gpu[basis11] = psi_gpu[basis10];
		psi_gpu[basis10] = tmp_psi;
	}
}

__device__ void SWAP_gate_device(unsigned int target_qubit_index0, unsigned int target_qubit_index1, GTYPE *psi_gpu, ITYPE dim) {
	unsigned int left, right;
	ITYPE head, body, tail;
	ITYPE basis01, basis10;
	GTYPE tmp;
	ITYPE quarter_dim = dim >> 2;
	ITYPE j = blockIdx.x * blockDim.x + threadIdx.x;

	if (target_qubit_index1 > target_qubit_index0) {
		left = target_qubit_index1;
		right = target_qubit_index0;
	}
	else {
		left = target_qubit_index0;
		right = target_qubit_index1;
	}

	if (j < quarter_dim){
		head = j >> (left - 1);
		body = (j & ((1ULL << (left - 1)) - 1)) >> right; // (j % 2^(k-1)) >> i
		tail = j & ((1ULL << right) - 1); // j%(2^i)

		basis01 = (head << (left + 1)) + (body << (right + 1)) + (1ULL << target_qubit_index1) + tail;
		basis10 = (head << (left + 1)) + (body << (right + 1)) + (1ULL << target_qubit_index0) + tail;

		tmp = psi_gpu[basis01];
		psi_gpu[basis01] = psi_gpu[basis10];
		psi_gpu[basis10] = tmp;
	}
}

__global__ void SWAP_gate_gpu(unsigned int target_qubit_index0, unsigned int target_qubit_index1, GTYPE *state_gpu, ITYPE dim) {
	ITYPE head, body, tail;
	ITYPE basis01, basis10;
	GTYPE tmp;
	ITYPE quarter_dim = dim >> 2;
	ITYPE j = blockIdx.x * blockDim.x + threadIdx.x;

	if (j < quarter_dim){
		head = j >> (target_qubit_index1 - 1);
		body = (j & ((1ULL << (target_qubit_index1 - 1)) - 1)) >> target_qubit_index0; // (j % 2^(k-1)) >> i
		tail = j & ((1ULL << target_qubit_index0) - 1); // j%(2^i)

		basis01 = (head << (target_qubit_index1 + 1)) + (body << (target_qubit_index0 + 1)) + (1ULL << target_qubit_index0) + tail;
		basis10 = (head << (target_qubit_index1 + 1)) + (body << (target_qubit_index0 + 1)) + (1ULL << target_qubit_index1) + tail;

		tmp = state_gpu[basis01];
		state_gpu[basis01] = state_gpu[basis10];
		state_gpu[basis10] = tmp;
	}
}

__global__ void P0_gate_gpu(UINT target_qubit_index, GTYPE *state_gpu, ITYPE dim){
	ITYPE state_index = blockIdx.x * blockDim.x + threadIdx.x;
    const ITYPE loop_dim = dim>>1;
    ITYPE mask = (1ULL << target_qubit_index);
    
    if(state_index<loop_dim){
        ITYPE tmp_index = insert_zero_to_basis_index_device(state_index, target_qubit_index) ^ mask;
        state_gpu[tmp_index] = make_cuDoubleComplex(0.0, 0.0);
    }
}

__global__ void P1_gate_gpu(UINT target_qubit_index, GTYPE *state_gpu, ITYPE dim){
	ITYPE state_index = blockIdx.x * blockDim.x + threadIdx.x;
    const ITYPE loop_dim = dim>>1;
    
    if(state_index<loop_dim){
        ITYPE tmp_index = insert_zero_to_basis_index_device(state_index, target_qubit_index);
        state_gpu[tmp_index] = make_cuDoubleComplex(0.0, 0.0);
    }
}

__global__ void normalize_gpu(const double normalize_factor, GTYPE *state_gpu, ITYPE dim){
	ITYPE state_index = blockIdx.x * blockDim.x + threadIdx.x;
    const ITYPE loop_dim = dim;
    
    if(state_index<loop_dim){
        state_gpu[state_index] = make_cuDoubleComplex(
                normalize_factor * cuCreal(state_gpu[state_index]),
                normalize_factor * cuCimag(state_gpu[state_index])
                );
    }
}
