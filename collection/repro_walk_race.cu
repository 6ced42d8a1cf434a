// tilelab kernel collection: a reproduction of the race the thirty-sixth unseen suite found unflagged in cuda-bwt's WalkMatches
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a thirty-sixth unseen suite")
// Licence: MIT, as the repository
// Every thread reads its own idx word in its test; the thread at the start of each run of four (from `first`) then walks
// the run, reading each member's word and writing it. The members' reads and the walker's writes are not ordered (no barrier;
// with first = 2 the run 30-33 crosses a warp boundary): a write-after-read race. The walker's own read of the word just
// before its write made it the word's last reader, which hid the member's read from a shadow that kept one reader a word.

__global__ void reproWalkRace(unsigned int *idx, int n, int first)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && idx[i] != 0xFFFFFFFFu && i % 4 == first % 4) {
        for (int j = i + 1; j < n && j < i + 4 && idx[j] != 0xFFFFFFFFu; ++j)
            idx[j] = i;
    }
}

// the control: the walker alone reads the words it writes (members test a word of their own, flags[i])
__global__ void reproWalkNoRace(const unsigned int *flags, unsigned int *idx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && flags[i] != 0xFFFFFFFFu && i % 4 == 0) {
        for (int j = i + 1; j < n && j < i + 4 && idx[j] != 0xFFFFFFFFu; ++j)
            idx[j] = i;
    }
}
