// Which value lands when several lanes of one warp store to one address in one instruction?
// The PTX ISA leaves it unspecified; the emulator has to pick one, and the H200's choice is what a
// racy kernel's output shows. Each kernel: the lanes whose bit is set in `mask` store a value of
// their own (their thread index, widened or narrowed to the store's width) to one location, in one
// store instruction of their warp; after a barrier thread 0 reads it back into out[0]
// (bench/same_address_stores.py).

#define LANE_STORES (mask >> (threadIdx.x & 31) & 1u)

extern "C" __global__ void sharedWord(int *out, unsigned mask) {
    __shared__ volatile int s;
    if (threadIdx.x == 0) s = -1;
    __syncthreads();
    if (LANE_STORES) s = threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0) out[0] = s;
}

extern "C" __global__ void sharedByte(int *out, unsigned mask) {
    __shared__ volatile unsigned char s;
    if (threadIdx.x == 0) s = 0xff;
    __syncthreads();
    if (LANE_STORES) s = (unsigned char)threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0) out[0] = s;
}

extern "C" __global__ void sharedDouble(int *out, unsigned mask) {
    __shared__ volatile long long s;
    if (threadIdx.x == 0) s = -1;
    __syncthreads();
    if (LANE_STORES) s = ((long long)threadIdx.x << 32) | (100 + threadIdx.x);
    __syncthreads();
    if (threadIdx.x == 0) { out[0] = (int)(s >> 32); out[1] = (int)s; }
}

extern "C" __global__ void sharedVector(int *out, unsigned mask) {
    __shared__ int4 s;
    if (threadIdx.x == 0) s = make_int4(-1, -1, -1, -1);
    __syncthreads();
    int t = threadIdx.x;
    if (LANE_STORES) s = make_int4(t, 100 + t, 200 + t, 300 + t);
    __syncthreads();
    if (threadIdx.x == 0) { out[0] = s.x; out[1] = s.y; out[2] = s.z; out[3] = s.w; }
}

// out[0] is -1 on entry (the host's); the stores go straight to it
extern "C" __global__ void globalWord(int *out, unsigned mask) {
    if (LANE_STORES) *(volatile int *)out = threadIdx.x;
}

extern "C" __global__ void globalByte(int *out, unsigned mask) {
    if (LANE_STORES) *(volatile unsigned char *)out = (unsigned char)threadIdx.x;
}

extern "C" __global__ void sharedHalfword(int *out, unsigned mask) {
    __shared__ volatile short s;
    if (threadIdx.x == 0) s = -1;
    __syncthreads();
    if (LANE_STORES) s = (short)(1000 + threadIdx.x);
    __syncthreads();
    if (threadIdx.x == 0) out[0] = s;
}

// out[0..3] are -1 on entry; 8 and 16 bytes to global memory
extern "C" __global__ void globalDouble(int *out, unsigned mask) {
    if (LANE_STORES) *(volatile long long *)out = ((long long)threadIdx.x << 32) | (100 + threadIdx.x);
}

extern "C" __global__ void globalVector(int *out, unsigned mask) {
    int t = threadIdx.x;
    if (LANE_STORES) *(int4 *)out = make_int4(t, 100 + t, 200 + t, 300 + t);
}

// every lane stores, with no condition (one unpredicated instruction); `mask` is not read
extern "C" __global__ void sharedWordEveryLane(int *out, unsigned mask) {
    __shared__ volatile int s;
    if (threadIdx.x == 0) s = -1;
    __syncthreads();
    s = threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0) out[0] = s;
}
