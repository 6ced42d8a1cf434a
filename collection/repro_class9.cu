// tilelab kernel collection: reproductions of issue 23's class 9 (counts of shared accesses that
// ptxas predicated, in LU-like code; shared-load wavefronts of register-blocked SGEMMs)
// Source:  tilelab (written for this repository; docs/FIDELITY.md says what each one showed)
// Licence: MIT, as the repository
//
// The kernels that showed class 9 are not in the repository; these are written in the shape
// such kernels take (a Rodinia-style LU diagonal block, a right-looking LU step, and two
// register-blocked SGEMMs with a thread tile read from shared memory by scalar loads).

#define LU_N 16

// LU of one 16x16 block in shared memory, one thread per column, loops whose trip counts
// depend on the step (ptxas unrolls the step loop and predicates the inner accesses)
__global__ void reproLuDiagonal(float* m)
{
    __shared__ float s[LU_N][LU_N];
    int tx = threadIdx.x;
    for (int i = 0; i < LU_N; i++)
        s[i][tx] = m[i * LU_N + tx];
    __syncthreads();
    for (int i = 0; i < LU_N - 1; i++) {
        if (tx > i) {
            for (int j = 0; j < i; j++)
                s[tx][i] -= s[tx][j] * s[j][i];
            s[tx][i] /= s[i][i];
        }
        __syncthreads();
        if (tx > i) {
            for (int j = 0; j < i + 1; j++)
                s[i + 1][tx] -= s[i + 1][j] * s[j][tx];
        }
        __syncthreads();
    }
    for (int i = 1; i < LU_N; i++)
        m[i * LU_N + tx] = s[i][tx];
}

// right-looking LU without pivoting, one thread per element of a 16x16 block (16 x 16 threads):
// each step a column scale under one condition and a rank-1 update under another
__global__ void reproLuRightLooking(float* a)
{
    __shared__ float s[LU_N][LU_N + 1];
    int r = threadIdx.y, c = threadIdx.x;
    s[r][c] = a[r * LU_N + c];
    __syncthreads();
    for (int k = 0; k < LU_N - 1; k++) {
        if (c == k && r > k)
            s[r][k] = s[r][k] / s[k][k];
        __syncthreads();
        if (r > k && c > k)
            s[r][c] -= s[r][k] * s[k][c];
        __syncthreads();
    }
    a[r * LU_N + c] = s[r][c];
}

// register-blocked SGEMM, 64x64 block tile, 4x4 thread tile, BK = 8, 256 threads: each thread
// reads 4 consecutive floats of a row of As (stored k-major) and of Bs by scalar loads
template <int BM, int BN, int BK, int TM, int TN>
__global__ void reproSgemmRegBlock(const float* A, const float* B, float* C, int M, int N, int K)
{
    __shared__ float As[BK][BM];
    __shared__ float Bs[BK][BN];
    int tx = threadIdx.x % (BN / TN), ty = threadIdx.x / (BN / TN);
    int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    float acc[TM][TN] = {};
    float ra[TM], rb[TN];
    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int i = threadIdx.x; i < BM * BK; i += blockDim.x) {
            int m = i / BK, k = i % BK;
            As[k][m] = A[(row0 + m) * K + k0 + k];
        }
        for (int i = threadIdx.x; i < BK * BN; i += blockDim.x) {
            int k = i / BN, n = i % BN;
            Bs[k][n] = B[(k0 + k) * N + col0 + n];
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; k++) {
#pragma unroll
            for (int i = 0; i < TM; i++) ra[i] = As[k][ty * TM + i];
#pragma unroll
            for (int j = 0; j < TN; j++) rb[j] = Bs[k][tx * TN + j];
#pragma unroll
            for (int i = 0; i < TM; i++)
#pragma unroll
                for (int j = 0; j < TN; j++) acc[i][j] += ra[i] * rb[j];
        }
        __syncthreads();
    }
    for (int i = 0; i < TM; i++)
        for (int j = 0; j < TN; j++)
            C[(row0 + ty * TM + i) * N + col0 + tx * TN + j] = acc[i][j];
}

// the same with the thread tile strided (thread ty's rows are ty, ty + 16, ...): the loads of one
// thread are 16 floats apart, so ptxas cannot widen them
template <int BM, int BN, int BK, int TM, int TN>
__global__ void reproSgemmRegBlockStrided(const float* A, const float* B, float* C, int M, int N, int K)
{
    __shared__ float As[BK][BM];
    __shared__ float Bs[BK][BN];
    const int TX = BN / TN, TY = BM / TM;
    int tx = threadIdx.x % TX, ty = threadIdx.x / TX;
    int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    float acc[TM][TN] = {};
    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int i = threadIdx.x; i < BM * BK; i += blockDim.x) {
            int m = i / BK, k = i % BK;
            As[k][m] = A[(row0 + m) * K + k0 + k];
        }
        for (int i = threadIdx.x; i < BK * BN; i += blockDim.x) {
            int k = i / BN, n = i % BN;
            Bs[k][n] = B[(k0 + k) * N + col0 + n];
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; k++) {
            float ra[TM], rb[TN];
#pragma unroll
            for (int i = 0; i < TM; i++) ra[i] = As[k][ty + i * TY];
#pragma unroll
            for (int j = 0; j < TN; j++) rb[j] = Bs[k][tx + j * TX];
#pragma unroll
            for (int i = 0; i < TM; i++)
#pragma unroll
                for (int j = 0; j < TN; j++) acc[i][j] += ra[i] * rb[j];
        }
        __syncthreads();
    }
    for (int i = 0; i < TM; i++)
        for (int j = 0; j < TN; j++)
            C[(row0 + ty + i * TY) * N + col0 + tx + j * TX] = acc[i][j];
}
