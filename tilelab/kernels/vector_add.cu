// vector_add.cu: the first kernel. One thread per element, global index from
// block and thread ids, and a bounds check because the grid is rounded up.
//
// Launch: block = (256), grid = (ceil(n / 256)).  c[i] = a[i] + b[i], i < n.
//
// The lines marked by the comment pair ">>> learner" / "<<< learner" are the learner's to write: the course
// build makes them nbgrader's solution region, the student bundle leaves a "your code here" stub.

__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    // >>> learner
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)                 // the grid is rounded up: some threads have no element
        c[i] = a[i] + b[i];
    // <<< learner
}
