// tilelab kernel collection: a loop whose lanes break at different trips, a store on the way out, loads in the loop
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a twenty-eighth unseen suite")
// Licence: MIT, as the repository
//
// Issue 23: ParallelGraphColoring's ResolveBadColoring (collection/pgc_firstfit.cu) misses two global-load request
// totals and races by design. ptxas keeps its `d_ColorVector[threadID] = NO_COLOR; break;` inside the loop's
// BSSY/BSYNC, on the branch out of it. reproBreakStore is that loop with the store sent to another array, so no
// lane reads what another stores (race-free): which trip each lane breaks at is fixed by the data before the launch.
// reproBreakStoreWarp is the kernel's own loop (the store to the array the loop reads) run by one warp alone
// (`first` picks the warp's vertices; launched with one block): lanes of one warp read what lanes of the same warp
// store (a race inside the warp only), no other warp runs, so what its loads count says whether a lane's store at
// its break is seen by the warp's other lanes' later trips.
#define NO_COLOR 0

__global__ void reproBreakStore(int n, const int* ColIdx, const int* RowPtr, const int* Color, int* Out, bool* Valid)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    bool ok = true;
    if ((t < n) && (Valid[t] == false)) {
        for (int j = RowPtr[t]; j < RowPtr[t + 1]; j++) {
            int c = Color[ColIdx[j]];
            if ((c == Color[t]) && (t < ColIdx[j])) {
                ok = false;
                Out[t] = NO_COLOR;
                break;
            }
        }
        Valid[t] = ok;
    }
}

__global__ void reproBreakStoreWarp(int first, int n, const int* ColIdx, const int* RowPtr, int* Color, bool* Valid)
{
    int t = first + blockIdx.x * blockDim.x + threadIdx.x;
    bool ok = true;
    if ((t < n) && (Valid[t] == false)) {
        for (int j = RowPtr[t]; j < RowPtr[t + 1]; j++) {
            int c = Color[ColIdx[j]];
            if ((c == Color[t]) && (t < ColIdx[j])) {
                ok = false;
                Color[t] = NO_COLOR;
                break;
            }
        }
        Valid[t] = ok;
    }
}
