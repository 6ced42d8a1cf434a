// Collection file: from nolmoonen/cuda-lbvh (Nol Moonen's CUDA LBVH builder and ray tracer: Karras 2012 radix-tree
// construction over 30-bit Morton codes, bounding boxes set bottom-up with an atomic visit counter per node).
// Source:  https://github.com/nolmoonen/cuda-lbvh/blob/605802671beb6473b74a43552168f61e63af46db/src/build.cu
// Licence: MIT (the file's own notice, lines 1-19, repeated below; the repository's LICENSE).
// Kept: lines 1-19 (the notice) and 29-321 (the __device__ helpers and the four __global__ kernels assign_morton,
// leaf_nodes, internal_nodes, set_aabb, unchanged). Removed: lines 21-27 (the includes of build.h, bvh.h, util.h,
// vec_math_helper.h, cub's device_radix_sort.cuh and sutil/vec_math.h; the lines of them the device code uses are
// copied in below, marked: util.h's #include <cassert>, line 25, for set_aabb's assert) and lines 323-446 (build():
// host code, the cub radix sort and the four launches).
// Copyright (c) 2022-2026 Nol Moonen
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

// ---- copied from src/util.h, line 25
#include <cassert>

// ---- copied from deps/sutil/Preprocessor.h, lines 32-34 (NVIDIA's BSD-3-Clause notice, vec_math.h's below)
#    define SUTIL_HOSTDEVICE __host__ __device__
#    define SUTIL_INLINE __forceinline__

// ---- copied from deps/sutil/vec_math.h: lines 1-27 (its notice), 386-389, 399-402, 412-415 and 462-465
//
// Copyright (c) 2021, NVIDIA CORPORATION. All rights reserved.
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions
// are met:
//  * Redistributions of source code must retain the above copyright
//    notice, this list of conditions and the following disclaimer.
//  * Redistributions in binary form must reproduce the above copyright
//    notice, this list of conditions and the following disclaimer in the
//    documentation and/or other materials provided with the distribution.
//  * Neither the name of NVIDIA CORPORATION nor the names of its
//    contributors may be used to endorse or promote products derived
//    from this software without specific prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS ``AS IS'' AND ANY
// EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
// IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR
// PURPOSE ARE DISCLAIMED.  IN NO EVENT SHALL THE COPYRIGHT OWNER OR
// CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
// EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO,
// PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR
// PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY
// OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
// (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
// OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
//
SUTIL_INLINE SUTIL_HOSTDEVICE float3 fminf(const float3& a, const float3& b)
{
  return make_float3(fminf(a.x,b.x), fminf(a.y,b.y), fminf(a.z,b.z));
}
SUTIL_INLINE SUTIL_HOSTDEVICE float3 fmaxf(const float3& a, const float3& b)
{
  return make_float3(fmaxf(a.x,b.x), fmaxf(a.y,b.y), fmaxf(a.z,b.z));
}
SUTIL_INLINE SUTIL_HOSTDEVICE float3 operator+(const float3& a, const float3& b)
{
  return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}
SUTIL_INLINE SUTIL_HOSTDEVICE float3 operator*(const float s, const float3& a)
{
  return make_float3(a.x * s, a.y * s, a.z * s);
}

// ---- copied from src/vec_math_helper.h, lines 43-46
SUTIL_INLINE SUTIL_HOSTDEVICE float fclampf(float x, float a, float b)
{
    return fmaxf(a, fminf(x, b));
}

// ---- copied from src/bvh.h, lines 32-52
struct bvh_node {
    // If `-1`, then this node is a leaf.
    int child_l;
    int child_r;
    int paren;
    /** Bounding box. */
    float3 min;
    float3 max;

    union {
        /// If leaf, holds the id of the object.
        unsigned int object_id;
        /// If internal node, holds whether the node has been visited once
        /// while setting bounding boxes. The first thread (child) sets
        /// it equal to its own bounding box and continues up the tree.
        /// The second thread (child) sets it to their union and terminates.
        unsigned int visited;
    };

    __forceinline__ __device__ bool is_leaf() const { return child_l == -1; }
};
// ---- end of the copied lines

__device__ int get_leaf_node_idx(int i, int num_triangles) { return num_triangles - 1 + i; }

__device__ int get_internal_node_idx(int i) { return i; }

/// Expands a 10-bit integer into 30 bits by inserting 2 zeros after each bit.
__forceinline__ __device__ unsigned int expand_bits(unsigned int v)
{
    v = (v * 0x00010001u) & 0xFF0000FFu;
    v = (v * 0x00000101u) & 0x0F00F00Fu;
    v = (v * 0x00000011u) & 0xC30C30C3u;
    v = (v * 0x00000005u) & 0x49249249u;
    return v;
}

/// Calculates a 30-bit Morton code for the given 3D point located
/// within the unit cube [0,1].
__forceinline__ __device__ unsigned int morton_3d(float x, float y, float z)
{
    x               = fclampf(x * 1024.f, 0.f, 1023.f);
    y               = fclampf(y * 1024.f, 0.f, 1023.f);
    z               = fclampf(z * 1024.f, 0.f, 1023.f);
    unsigned int xx = expand_bits((unsigned int)x);
    unsigned int yy = expand_bits((unsigned int)y);
    unsigned int zz = expand_bits((unsigned int)z);
    return xx * 4 + yy * 2 + zz;
}

// For every triangle, assign a Morton code based on its center.
__global__ void assign_morton(
    const float3* positions,
    const int* pos_indices,
    float3 scene_offset,
    float3 scene_extent,
    unsigned int* d_morton,
    unsigned int* d_ids,
    unsigned int object_count)
{
    const unsigned int thread_id = blockIdx.x * blockDim.x + threadIdx.x;
    if (thread_id >= object_count) return;

    // obtain center of triangle
    int idx_u  = pos_indices[3 * thread_id + 0];
    int idx_v  = pos_indices[3 * thread_id + 1];
    int idx_w  = pos_indices[3 * thread_id + 2];
    float3 pos = (1.f / 3.f) * (positions[idx_u] + positions[idx_v] + positions[idx_w]);

    // normalize position
    float x = (pos.x - scene_offset.x) / scene_extent.x;
    float y = (pos.y - scene_offset.y) / scene_extent.y;
    float z = (pos.z - scene_offset.z) / scene_extent.z;
    // clamp to deal with numeric issues
    x = fclampf(x, 0.f, 1.f);
    y = fclampf(y, 0.f, 1.f);
    z = fclampf(z, 0.f, 1.f);

    // obtain and set morton code based on normalized position
    d_morton[thread_id] = morton_3d(x, y, z);
    d_ids[thread_id]    = thread_id;
}

// todo this kernel is pretty small, can it be combined with another?
__global__ void leaf_nodes(
    unsigned int* sorted_object_ids, unsigned int num_objects, bvh_node* nodes)
{
    const unsigned int thread_id = blockIdx.x * blockDim.x + threadIdx.x;
    if (thread_id >= num_objects) return;

    bvh_node* internal_nodes = nodes;
    bvh_node* leaf_nodes     = nodes + num_objects - 1;

    // no need to set parent to nullptr, each child will have a parent
    leaf_nodes[thread_id].object_id = sorted_object_ids[thread_id];
    // needed to recognize that this node is a leaf
    leaf_nodes[thread_id].child_l = -1;

    // Need to set for internal node parent to nullptr, to detect the root node.
    // There is one less internal node than leaf node, test for that.
    if (thread_id >= num_objects - 1) return;
    internal_nodes[thread_id].paren = -1;
}

__forceinline__ __device__ int delta(int l, int r, unsigned int n, unsigned int* c, unsigned int kl)
{
    // this guard is for leaf nodes, not internal nodes (hence [0, n-1])
    if (r < 0 || r > n - 1) return -1;
    unsigned int kr = c[r];
    if (kl == kr) {
        // if keys are equal, use id as fallback
        // (+32 because they have the same morton code)
        return 32 + __clz(static_cast<unsigned int>(l) ^ static_cast<unsigned int>(r));
    }
    // clz = count leading zeros
    return __clz(kl ^ kr);
}

__forceinline__ __device__ int2
determine_range(unsigned int* sorted_morton_codes, unsigned int n, int i)
{
    unsigned int* c = sorted_morton_codes;
    unsigned int ki = c[i]; // key of i

    // determine direction of the range (+1 or -1)
    const int delta_l = delta(i, i - 1, n, c, ki);
    const int delta_r = delta(i, i + 1, n, c, ki);

    int d; // direction
    int delta_min; // min of delta_r and delta_l
    if (delta_r < delta_l) {
        d         = -1;
        delta_min = delta_r;
    } else {
        d         = 1;
        delta_min = delta_l;
    }

    // compute upper bound of the length of the range
    unsigned int l_max = 2;
    while (delta(i, i + l_max * d, n, c, ki) > delta_min) {
        l_max <<= 1;
    }

    // find other end using binary search
    unsigned int l = 0;
    for (unsigned int t = l_max >> 1; t > 0; t >>= 1) {
        if (delta(i, i + (l + t) * d, n, c, ki) > delta_min) {
            l += t;
        }
    }
    const int j = i + l * d;

    // ensure i <= j
    return i < j ? make_int2(i, j) : make_int2(j, i);
}

__forceinline__ __device__ int find_split(
    unsigned int* sorted_morton_codes, int first, int last, unsigned int n)
{
    const unsigned int first_code = sorted_morton_codes[first];

    // calculate the number of highest bits that are the same
    // for all objects, using the count-leading-zeros intrinsic

    const int common_prefix = delta(first, last, n, sorted_morton_codes, first_code);

    // use binary search to find where the next bit differs
    // specifically, we are looking for the highest object that
    // shares more than commonPrefix bits with the first one

    int split = first; // initial guess
    int step  = last - first;

    do {
        step                = (step + 1) >> 1; // exponential decrease
        const int new_split = split + step; // proposed new position

        if (new_split < last) {
            const int split_prefix = delta(first, new_split, n, sorted_morton_codes, first_code);
            if (split_prefix > common_prefix) {
                split = new_split; // accept proposal
            }
        }
    } while (step > 1);

    return split;
}

// Build the internal nodes.
__global__ void internal_nodes(
    unsigned int* sorted_morton_codes,
    unsigned int* sorted_object_ids,
    unsigned int num_objects,
    bvh_node* nodes)
{
    const unsigned int thread_id = blockIdx.x * blockDim.x + threadIdx.x;
    // N.B., we want i in range [0, num_objects - 1) since every thread sets one internal node.
    if (thread_id >= num_objects - 1) return;

    bvh_node* internal_nodes = nodes;

    // find out which range of objects the node corresponds to
    const int2 range = determine_range(sorted_morton_codes, num_objects, thread_id);

    // determine where to split the range
    const int split = find_split(sorted_morton_codes, range.x, range.y, num_objects);

    // select left child
    int child_l;
    if (split == range.x) {
        child_l = get_leaf_node_idx(split, num_objects);
    } else {
        child_l = get_internal_node_idx(split);
    }

    // select right child
    int child_r;
    if (split + 1 == range.y) {
        child_r = get_leaf_node_idx(split + 1, num_objects);
    } else {
        child_r = get_internal_node_idx(split + 1);
    }

    // record parent-child relationships
    internal_nodes[thread_id].child_l = child_l;
    internal_nodes[thread_id].child_r = child_r;
    internal_nodes[thread_id].visited = 0;
    nodes[child_l].paren              = get_internal_node_idx(thread_id);
    nodes[child_r].paren              = get_internal_node_idx(thread_id);
}

// Load float3 at global level (cache in L2 and below, not L1).
__device__ float3 __ldcg(const float3* p)
{
    return make_float3(__ldcg(&(p->x)), __ldcg(&(p->y)), __ldcg(&(p->z)));
}

// Store float3 at global level (cache in L2 and below, not L1).
__device__ void __stcg(float3* p, const float3& q)
{
    __stcg(&(p->x), q.x);
    __stcg(&(p->y), q.y);
    __stcg(&(p->z), q.z);
}

// Set internal node bounding boxes by traversing the tree from the leaf nodes.
__global__ void set_aabb(
    unsigned int num_objects, bvh_node* nodes, const float3* positions, const int* pos_indices)
{
    const unsigned int thread_id = blockIdx.x * blockDim.x + threadIdx.x;
    if (thread_id >= num_objects) return;

    bvh_node* leaf_nodes = nodes + num_objects - 1;

    const unsigned int object_id = leaf_nodes[thread_id].object_id;

    int idx_u = pos_indices[3 * object_id + 0];
    int idx_v = pos_indices[3 * object_id + 1];
    int idx_w = pos_indices[3 * object_id + 2];

    float3 u = positions[idx_u];
    float3 v = positions[idx_v];
    float3 w = positions[idx_w];

    // set bounding box of leaf node
    const float3 min = fminf(u, fminf(v, w));
    const float3 max = fmaxf(u, fmaxf(v, w));

    // Bounding boxes must be loaded and stored without caching in L1,
    // as they may be loaded and stored by threads not on the same SM.

    __stcg(&(leaf_nodes[thread_id].min), min);
    __stcg(&(leaf_nodes[thread_id].max), max);

    // Recursively set tree bounding boxes, `curr_node` is always an
    // internal node (since it is parent of another).
    int curr_node_idx = leaf_nodes[thread_id].paren;
    while (true) {
        // Memory fences must be used to lock-step setting the bounding
        // boxes and marking nodes as visited.
        __threadfence();

        // We have reached the parent of the root node: terminate.
        if (curr_node_idx == -1) break;

        bvh_node& curr_node = nodes[curr_node_idx];

        // We have reached an inner node: check whether the node was visited.
        unsigned int visited = atomicAdd(&(curr_node.visited), 1);
        assert(visited == 0 || visited == 1);

        // This is the first thread entering: terminate
        if (visited == 0) break;

        __threadfence();

        // This is the second thread entering, we know that our sibling has reached
        // the current node and terminated, and hence the sibling bounding box is correct.

        const bvh_node& child_l = nodes[curr_node.child_l];
        const bvh_node& child_r = nodes[curr_node.child_r];

        // Set running bounding box to be the union of bounding boxes.
        const float3 a_min = __ldcg(&(child_l.min));
        const float3 a_max = __ldcg(&(child_l.max));
        const float3 b_min = __ldcg(&(child_r.min));
        const float3 b_max = __ldcg(&(child_r.max));

        __stcg(&(curr_node.min), fminf(a_min, b_min));
        __stcg(&(curr_node.max), fmaxf(a_max, b_max));

        // Continue traversal.
        curr_node_idx = curr_node.paren;
    }
}
