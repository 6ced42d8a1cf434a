// tilelab kernel collection: a reproduction of the NVRTC gap listed on TorchSparse's cuckoo insert (the ninth round)
// Source:  tilelab (written for the project: the shape of torchsparse/backend/hashmap's atomicExch wrapper, four lines)
// Licence: tilelab's own
// What:    a device function atomicExch(uint64_t *, uint64_t) that casts to unsigned long long and calls the built-in.
//          Under nvcc on Linux uint64_t is glibc's unsigned long, so this is an overload and the call reaches the
//          built-in; under NVRTC, CCCL's <cstdint> makes uint64_t unsigned long long, the wrapper has the built-in's
//          signature and calls itself, and NVVM drops the endless recursion: the kernel stores nothing.
#include <cstdint>
__device__ static uint64_t atomicExch(uint64_t *addr, uint64_t val) {
  return (uint64_t)atomicExch((unsigned long long int *)addr, (unsigned long long int)val);
}
__global__ void reproUint64Overload(uint64_t *slot, uint64_t *old) {
  old[threadIdx.x] = atomicExch(slot, (uint64_t)threadIdx.x + 1);
}
