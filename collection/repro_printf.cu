// tilelab kernel collection: probes of what the driver's vprintf costs in ncu's counts
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "printf")
// Licence: MIT, as the repository
//
// Device printf calls vprintf, which the driver links in when the module loads: its loads,
// stores and atomics are in no cubin the emulator reads, but ncu counts them in the kernel's
// totals. Each probe changes one thing the cost may depend on: the format string's length,
// the number and kind of arguments, how many lanes print, how many warps and calls.

__global__ void printfShort(int* dst)          // 1 lane, 2 characters, no argument
{
    if (threadIdx.x == 0)
        printf("x\n");
    dst[threadIdx.x] = threadIdx.x;
}

__global__ void printfLong(int* dst)           // 1 lane, 41 characters, no argument
{
    if (threadIdx.x == 0)
        printf("0123456789abcdefghijklmnopqrstuvwxyzABCD\n");
    dst[threadIdx.x] = threadIdx.x;
}

__global__ void printfOneInt(int* dst)         // 1 lane, one int
{
    if (threadIdx.x == 0)
        printf("%d\n", 7);
    dst[threadIdx.x] = threadIdx.x;
}

__global__ void printfThreeInts(int* dst)      // 1 lane, three ints
{
    if (threadIdx.x == 0)
        printf("%d %d %d\n", 1, 2, 3);
    dst[threadIdx.x] = threadIdx.x;
}

__global__ void printfDouble(int* dst)         // 1 lane, one double (8 bytes in the argument buffer)
{
    if (threadIdx.x == 0)
        printf("%f\n", 1.5);
    dst[threadIdx.x] = threadIdx.x;
}

__global__ void printfString(int* dst)         // 1 lane, one %s (the host reads the string)
{
    if (threadIdx.x == 0)
        printf("%s\n", "abc");
    dst[threadIdx.x] = threadIdx.x;
}

__global__ void printfEightLanes(int* dst)     // 8 lanes of one warp, one int each
{
    if (threadIdx.x < 8)
        printf("%d\n", (int)threadIdx.x);
    dst[threadIdx.x] = threadIdx.x;
}

__global__ void printfTwoCalls(int* dst)       // 1 lane, two calls in a row
{
    if (threadIdx.x == 0) {
        printf("a\n");
        printf("b %d\n", 1);
    }
    dst[threadIdx.x] = threadIdx.x;
}

__global__ void printfTwoWarps(int* dst)       // lane 0 of each of two warps
{
    if (threadIdx.x % 32 == 0)
        printf("w %d\n", (int)(threadIdx.x / 32));
    dst[threadIdx.x] = threadIdx.x;
}

__global__ void printfSixInts(int* dst)        // 1 lane, six ints
{
    if (threadIdx.x == 0)
        printf("%d %d %d %d %d %d\n", 1, 2, 3, 4, 5, 6);
    dst[threadIdx.x] = threadIdx.x;
}

__global__ void printfTwelveArgs(int* dst)     // 1 lane, twelve arguments of three kinds
{
    if (threadIdx.x == 0)
        printf("%d %d %d %d %f %f %f %f %ld %ld %ld %ld\n", 1, 2, 3, 4, 1.0, 2.0, 3.0, 4.0, 5L, 6L, 7L, 8L);
    dst[threadIdx.x] = threadIdx.x;
}

__global__ void printfLaneStrings(int* dst)    // 4 lanes, %s of 4 lengths (the warp reads the longest?)
{
    int t = threadIdx.x;
    if (t < 4)
        printf("%s\n", t == 0 ? "a" : t == 1 ? "bb" : t == 2 ? "cccccccc" : "dddddddddddddddddddddddddddddddd");
    dst[threadIdx.x] = threadIdx.x;
}

__global__ void printfAllLanesThreeInts(int* dst)   // 32 lanes, three ints each
{
    printf("%d %d %d\n", (int)threadIdx.x, 2, 3);
    dst[threadIdx.x] = threadIdx.x;
}

// printfLaneStrings' four strings from a table, as real code keeps messages: the PTX
// initialises kLaneWords with the literals' addresses ({generic($str), generic($str$1), ...})
__device__ const char* const kLaneWords[4] = {"a", "bb", "cccccccc", "dddddddddddddddddddddddddddddddd"};

__global__ void printfLaneTable(int* dst)      // 4 lanes, %s of 4 lengths, read from a string table
{
    int t = threadIdx.x;
    if (t < 4)
        printf("%s\n", kLaneWords[t]);
    dst[threadIdx.x] = threadIdx.x;
}

// %s strings of chosen lengths, one a lane (lanes 0-3; the lengths are template arguments): each lane
// prints the tail of one 64-character literal, so only the lengths change from probe to probe.
// What makes vprintf's stores go up when the lanes' strings differ in length (printfLaneStrings:
// 246 where equal lengths take 215)?
template <int L0, int L1, int L2, int L3>
__global__ void printfLaneLengths(int* dst)
{
    const char* tail = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
    int t = threadIdx.x;
    int len = t == 0 ? L0 : t == 1 ? L1 : t == 2 ? L2 : L3;
    if (t < 4)
        printf("%s\n", tail + 64 - len);
    dst[threadIdx.x] = threadIdx.x;
}

// two %s a lane (lanes 0, 1): the first string's lengths A, B, the second's C, D
template <int A, int B, int C, int D>
__global__ void printfLaneTwoStrings(int* dst)
{
    const char* tail = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
    int t = threadIdx.x;
    if (t < 2)
        printf("%s|%s\n", tail + 64 - (t == 0 ? A : B), tail + 64 - (t == 0 ? C : D));
    dst[threadIdx.x] = threadIdx.x;
}

// three %s a lane (lanes 0, 1): lane 0's lengths A0, A1, A2, lane 1's B0, B1, B2
template <int A0, int A1, int A2, int B0, int B1, int B2>
__global__ void printfLaneThreeStrings(int* dst)
{
    const char* tail = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
    int t = threadIdx.x;
    if (t < 2)
        printf("%s|%s|%s\n", tail + 64 - (t == 0 ? A0 : B0), tail + 64 - (t == 0 ? A1 : B1),
               tail + 64 - (t == 0 ? A2 : B2));
    dst[threadIdx.x] = threadIdx.x;
}

// two %s a lane, lanes 0-3: lane i's lengths Ai, Bi
template <int A0, int B0, int A1, int B1, int A2, int B2, int A3, int B3>
__global__ void printfFourLanesTwoStrings(int* dst)
{
    const char* tail = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
    int t = threadIdx.x;
    int a = t == 0 ? A0 : t == 1 ? A1 : t == 2 ? A2 : A3;
    int b = t == 0 ? B0 : t == 1 ? B1 : t == 2 ? B2 : B3;
    if (t < 4)
        printf("%s|%s\n", tail + 64 - a, tail + 64 - b);
    dst[threadIdx.x] = threadIdx.x;
}

// Calls of several blocks at once (cub_ex_decoupled_look_back.cu's second printf, the same format and
// arguments): thread 0 of each block prints, all blocks at once; and the same with the blocks in turn,
// block b printing only once block b - 1 has (a flag in global memory), so no two calls overlap.
__global__ void printfOnePerBlock(int* dst)
{
    if (threadIdx.x == 0)
        printf("tile %d: exclusive = %d inclusive = %d\n", (int)blockIdx.x, 3 * (int)blockIdx.x,
               3 * (int)blockIdx.x + 3);
    dst[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
}

__global__ void printfOnePerBlockInTurn(int* dst, int* turn)
{
    if (threadIdx.x == 0)
    {
        while (*(volatile int*)turn != (int)blockIdx.x)
            __nanosleep(100);
        printf("tile %d: exclusive = %d inclusive = %d\n", (int)blockIdx.x, 3 * (int)blockIdx.x,
               3 * (int)blockIdx.x + 3);
        __threadfence();
        atomicExch(turn, (int)blockIdx.x + 1);
    }
    dst[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
}
