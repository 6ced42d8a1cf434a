// tilelab kernel collection: cupy-knn's LBVH build kernels (64-bit Morton codes, Apetrei's bottom-up tree construction with an atomic per node)
// Source:  https://github.com/mortacious/cupy-knn/blob/e58f5572c7fbfff861fe3dfd7c08af7e75fba6d5/cupy_knn/cuda/lbvh_kernels.cu
//          (mortacious/cupy-knn, commit e58f557; compiled by the package with CuPy's RawModule, i.e. NVRTC)
// Licence: MIT (the repository's LICENSE; the source files carry no notice of their own: it is repeated below).
// Kept, unchanged: lbvh_kernels.cu lines 5-251 (every kernel) and line 1 (HASH_64); removed: lines 3-4 (#includes of the headers
//       copied in below); copied in: morton_code.cuh lines 3-84, aabb.cuh lines 3-84, lbvh.cuh lines 5-143 (its line 2, <cuda/std/limits> for UINT_MAX, is <climits> here).
/*
MIT License

Copyright (c) 2022 Felix Igelbrink

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
*/

#define HASH_64 1 // use 64 bit morton codes
#include <climits>

// ---- morton_code.cuh lines 3-84
#ifndef HASH_64
#define HASH_64 1 // just for debugging right now
#endif

namespace lbvh {
#if HASH_64
    typedef unsigned long long int HashType;

    __device__ inline HashType expand_bits(HashType v)
    {
        v = (v * 0x000100000001u) & 0xFFFF00000000FFFFu;
        v = (v * 0x000000010001u) & 0x00FF0000FF0000FFu;
        v = (v * 0x000000000101u) & 0xF00F00F00F00F00Fu;
        v = (v * 0x000000000011u) & 0x30C30C30C30C30C3u;
        v = (v * 0x000000000005u) & 0x9249249249249249u;
        return v;
    }
#else
    typedef unsigned int HashType;

    __device__ inline HashType expand_bits(HashType v)
    {
        v = (v * 0x00010001u) & 0xFF0000FFu;
        v = (v * 0x00000101u) & 0x0F00F00Fu;
        v = (v * 0x00000011u) & 0xC30C30C3u;
        v = (v * 0x00000005u) & 0x49249249u;
        return v;
    }
#endif

    // Calculates a Morton code for the
    // given 3D point located within the unit cube [0,1].
    __device__ __host__
    inline HashType morton_code(float3 xyz, float resolution = 1024.0f) noexcept
    {
#if HASH_64
        resolution *= resolution; // increase the resolution for 64 bit codes
#endif
        xyz.x = ::fminf(::fmaxf(xyz.x * resolution, 0.0f), resolution - 1.0f);
        xyz.y = ::fminf(::fmaxf(xyz.y * resolution, 0.0f), resolution - 1.0f);
        xyz.z = ::fminf(::fmaxf(xyz.z * resolution, 0.0f), resolution - 1.0f);
        const HashType xx = expand_bits(static_cast<HashType>(xyz.x));
        const HashType yy = expand_bits(static_cast<HashType>(xyz.y));
        const HashType zz = expand_bits(static_cast<HashType>(xyz.z));
        return xx * 4 + yy * 2 + zz;
    }

//    __device__ __host__
//    inline HashType morton_code(double3 xyz, double resolution = 1024.0) noexcept
//    {
//#if HASH_64
//        resolution *= resolution;
//#endif
//        xyz.x = ::fmin(::fmax(xyz.x * resolution, 0.0), resolution - 1.0);
//        xyz.y = ::fmin(::fmax(xyz.y * resolution, 0.0), resolution - 1.0);
//        xyz.z = ::fmin(::fmax(xyz.z * resolution, 0.0), resolution - 1.0);
//        const HashType xx = expand_bits(static_cast<HashType>(xyz.x));
//        const HashType yy = expand_bits(static_cast<HashType>(xyz.y));
//        const HashType zz = expand_bits(static_cast<HashType>(xyz.z));
//        return xx * 4 + yy * 2 + zz;
//    }


    // Returns the highest differing bit of the two morton codes
    __device__ inline int highest_bit(HashType lhs, HashType rhs) noexcept
    {
        return lhs ^ rhs;
    }
//#if HASH_64
//    __device__
//    inline int common_upper_bits(const HashType lhs, const HashType rhs) noexcept
//    {
//        return ::__clzll(lhs ^ rhs);
//    }
//#else
//    __device__
//    inline int common_upper_bits(const HashType lhs, const HashType rhs) noexcept
//    {
//        return ::__clz(lhs ^ rhs);
//    }
//#endif
}

// ---- aabb.cuh lines 3-84
namespace lbvh {
    struct AABB
    {
        float3 min;
        float3 max;
    };

    __device__
    inline float3 centroid(const AABB& box) noexcept
    {
        float3 c;
        c.x = (box.max.x + box.min.x) * 0.5;
        c.y = (box.max.y + box.min.y) * 0.5;
        c.z = (box.max.z + box.min.z) * 0.5;
        return c;
    }

//    __device__
//    inline AABB<double> merge(const AABB<double>& lhs, const AABB<double>& rhs) noexcept
//    {
//        AABB<double> merged;
//        merged.max.x = ::fmax(lhs.max.x, rhs.max.x);
//        merged.max.y = ::fmax(lhs.max.y, rhs.max.y);
//        merged.max.z = ::fmax(lhs.max.z, rhs.max.z);
//        merged.min.x = ::fmin(lhs.min.x, rhs.min.x);
//        merged.min.y = ::fmin(lhs.min.y, rhs.min.y);
//        merged.min.z = ::fmin(lhs.min.z, rhs.min.z);
//        return merged;
//    }

    __device__
    inline AABB merge(const AABB& lhs, const AABB& rhs) noexcept
    {
        AABB merged;
        merged.max.x = fmaxf(lhs.max.x, rhs.max.x);
        merged.max.y = fmaxf(lhs.max.y, rhs.max.y);
        merged.max.z = fmaxf(lhs.max.z, rhs.max.z);
        merged.min.x = fminf(lhs.min.x, rhs.min.x);
        merged.min.y = fminf(lhs.min.y, rhs.min.y);
        merged.min.z = fminf(lhs.min.z, rhs.min.z);
        return merged;
    }


    __forceinline__ __device__ float fmax3(float first, float second, float third) noexcept
    {
        return fmaxf(first, fmaxf(second, third));
    }

//    __forceinline__ __device__ float fmax3(double first, double second, double third) noexcept
//    {
//        return ::fmax(first, ::fmax(second, third));
//    }

    __forceinline__ __device__ float sq_length3(const float3& vec) noexcept {
        return vec.x * vec.x + vec.y * vec.y + vec.z * vec.z;
    }

//    __forceinline__ __device__ double sq_length3(const vector_of_t<double>& vec) noexcept {
//        return vec.x * vec.x + vec.y * vec.y + vec.z * vec.z;
//    }

    __forceinline__ __device__
    float dist_2_aabb(const float3& p, const AABB& aabb) noexcept
    {
        float sqDist(0);
        float v;

        if (p.x < aabb.min.x) v = aabb.min.x;
        if (p.x > aabb.max.x) v = aabb.max.x;
        if (p.x < aabb.min.x || p.x > aabb.max.x) sqDist += (v-p.x) * (v-p.x);

        if (p.y < aabb.min.y) v = aabb.min.y;
        if (p.y > aabb.max.y) v = aabb.max.y;
        if (p.y < aabb.min.y || p.y > aabb.max.y) sqDist += (v-p.y) * (v-p.y);

        if (p.z < aabb.min.z) v = aabb.min.z;
        if (p.z > aabb.max.z) v = aabb.max.z;
        if (p.z < aabb.min.z || p.z > aabb.max.z) sqDist += (v-p.z) * (v-p.z);
        return sqDist;
    }
}

// ---- lbvh.cuh lines 5-143

namespace lbvh {
        struct __align__(16) BVHNode // size: 48 bytes
        {
            AABB bounds; // 24 bytes
            unsigned int parent; // 4
            unsigned int child_left; // 4 bytes
            unsigned int child_right; // 4 bytes
            int atomic; // 4
            unsigned int range_left; // 4
            unsigned int range_right; // 4
        };

        __device__
        inline HashType morton_code(const float3& point, const lbvh::AABB &extent, float resolution = 1024.0) noexcept {
            float3 p = point;

            // scale to [0, 1]
            p.x -= extent.min.x;
            p.y -= extent.min.y;
            p.z -= extent.min.z;

            p.x /= (extent.max.x - extent.min.x);
            p.y /= (extent.max.y - extent.min.y);
            p.z /= (extent.max.z - extent.min.z);
            return morton_code(p, resolution);
        }

        __device__
        inline HashType morton_code(const lbvh::AABB &box, const lbvh::AABB &extent, float resolution = 1024.0) noexcept {
            auto p = centroid(box);
            return morton_code(p, extent, resolution);
        }


        __device__ inline bool is_leaf(const BVHNode* node) {
            return node->child_right == UINT_MAX && node->child_right == UINT_MAX;
        }

        // Sets the bounding box and traverses to root
        __device__ void process_parent(unsigned int node_idx,
                                       BVHNode* nodes,
                                       const unsigned long long int *morton_codes,
                                       unsigned int* root_index,
                                       unsigned int N)
        {
            unsigned int current_idx = node_idx;
            BVHNode* current_node = &nodes[current_idx];

            while(true) {
                // Allow only one thread to process a node
                if (atomicAdd(&(current_node->atomic), 1) != 1)
                    //printf("Terminating at node %u\n", node_idx);
                    return; // terminate the first thread encountering this

                //printf("Processing node %u\n", current_idx);
                //printf("Node %u, is leaf: %u\n", current_idx, is_leaf(current_node));
                //printf("Node %u children: %u, %u\n", current_idx, current_node->child_left, current_node->child_right);

                unsigned int left = current_node->range_left;
                unsigned int right = current_node->range_right;
                //printf("Range of node %u: %u, %u\n", current_idx, left, right);

                // Set bounding box if the node is no leaf
                if (!is_leaf(current_node)) {
                    // Fuse bounding box from children AABBs
                    current_node->bounds = merge(nodes[current_node->child_left].bounds,
                                                 nodes[current_node->child_right].bounds);
                }


                if (left == 0 && right == N - 1) {
                    root_index[0] = current_idx; // return the root
                    return; // at the root, abort
                }


                unsigned int parent_idx;
                BVHNode *parent;

                if (left == 0 || (right != N - 1 && highest_bit(morton_codes[right], morton_codes[right + 1]) <
                                                    highest_bit(morton_codes[left - 1], morton_codes[left]))) {
                    // parent = right, set parent left child and range to node
                    parent_idx = N + right;

                    parent = &nodes[parent_idx];
                    parent->child_left = current_idx;
                    parent->range_left = left;
                } else {
                    // parent = left -1, set parent right child and range to node
                    parent_idx = N + left - 1;

                    parent = &nodes[parent_idx];
                    parent->child_right = current_idx;
                    parent->range_right = right;
                }

                current_node->parent = parent_idx; // store the parent in the current node

                // up to the parent next
                current_node = parent;
                current_idx = parent_idx;
            }
        }

    /**
     * Merge an internal node into a leaf node using the leftmost leaf node of the subtree
     * @tparam T
     * @param node
     * @param leaf
     */
    __forceinline__ __device__ void make_leaf(unsigned int node_idx,
                                              unsigned int leaf_idx,
                                              BVHNode* nodes, unsigned int N) {
        BVHNode* node = &nodes[node_idx];

        unsigned int parent_idx = node->parent;

        BVHNode* leaf = &nodes[leaf_idx];

        leaf->parent = parent_idx;
        leaf->bounds = node->bounds;

        // copy the range into the leaf
        leaf->range_left = node->range_left;
        leaf->range_right = node->range_right;

        // adjust the structure at the node's parent
        if(parent_idx != UINT_MAX) {
            BVHNode* parent = &nodes[parent_idx];

            if(parent->child_left == node_idx) {
                parent->child_left = leaf_idx;
            } else {
                parent->child_right = leaf_idx;
            }
        }
    }
};

// ---- lbvh_kernels.cu lines 5-251

using namespace lbvh;

__global__ void compute_morton_kernel(AABB* __restrict__ const aabbs,
                                      AABB* __restrict__ const extent,
                                      unsigned long long int* morton_codes,
                                      unsigned int N) {
    unsigned int idx = blockDim.x * blockIdx.x + threadIdx.x;
    if(idx >= N)
        return;

    const AABB& box = aabbs[idx];
    morton_codes[idx] = morton_code(box, *extent);
}

__global__ void compute_morton_points_kernel(float3* __restrict__ const points,
                                             AABB* __restrict__ const extent,
                                             unsigned long long int* morton_codes,
                                             unsigned int N) {
    unsigned int idx = blockDim.x * blockIdx.x + threadIdx.x;
    if(idx >= N)
        return;

    const float3& point = points[idx];
    morton_codes[idx] = morton_code(point, *extent);
}

__forceinline__ __device__ void initialize_leaf_node(unsigned int leaf_idx, BVHNode *nodes, const AABB *sorted_aabbs) {
    // Reset leaf nodes
    BVHNode* leaf = &nodes[leaf_idx];

    leaf->bounds = sorted_aabbs[leaf_idx];
    leaf->atomic = 1; // leaf nodes will be processed by the first thread
    leaf->range_right = leaf_idx;
    leaf->range_left = leaf_idx;
    leaf->parent = UINT_MAX;
    leaf->child_left = UINT_MAX;
    leaf->child_right = UINT_MAX;
}

__forceinline__ __device__ void initialize_internal_node(unsigned int internal_index, BVHNode *nodes) {


    auto* internal = &nodes[internal_index];
    internal->atomic = 0; // internal nodes will be processed by the second thread encountering them
    internal->parent = UINT_MAX;
    internal->child_left = UINT_MAX;
    internal->child_right = UINT_MAX;
}

__global__ void initialize_tree_kernel(BVHNode *nodes,
                                       const AABB *sorted_aabbs,
                                       unsigned int N)
{
    unsigned int leaf_idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (leaf_idx >= N)
        return;

    // Reset leaf nodes
    initialize_leaf_node(leaf_idx, nodes, sorted_aabbs);

    // Reset internal nodes
    if(leaf_idx < N-1) {
        // Reset internal nodes
        unsigned int internal_index = N + leaf_idx;
        initialize_internal_node(internal_index, nodes);
    }
}

__global__ void construct_tree_kernel(BVHNode *nodes,
                                      unsigned int* root_index,
                                      const unsigned long long int *sorted_morton_codes,
                                      unsigned int N)
{
    unsigned int leaf_idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (leaf_idx >= N)
        return;

    // Special case
    if (N == 1)
    {
        BVHNode* leaf = &nodes[leaf_idx];
        nodes[N].bounds = leaf->bounds;
        nodes[N].child_left = leaf_idx;
        root_index[0] = N;
    } else {

        // recurse up to the root building up the tree
        process_parent(leaf_idx, nodes, sorted_morton_codes, root_index, N);
    }
}

__global__ void optimize_tree_kernel(BVHNode *nodes,
                                     unsigned int* root_index,
                                     unsigned int* valid,
                                     unsigned int max_node_size,
                                     unsigned int N)
{
    unsigned int leaf_idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (leaf_idx >= N)
        return;

    BVHNode* leaf = &nodes[leaf_idx];

    unsigned int current_idx = leaf->parent;
    BVHNode* current = &nodes[current_idx];

    BVHNode* parent;
    unsigned int node_size;

    while(true) {
        if(current_idx == UINT_MAX) {
            //arrived at root by merging all nodes.
            root_index[0] = leaf_idx;
            return; // we are at the root
        }
        const unsigned int parent_idx = current->parent;
        parent = &nodes[parent_idx]; // this might change due to merges

        node_size = current->range_right - current->range_left + 1;
        if(node_size <= max_node_size && leaf_idx <= (current_idx-N)) {
            // only one thread will do this
            make_leaf(current_idx, leaf_idx, nodes, N);
            current->atomic = -1; // mark the current node as invalid to make it removable by the optimization
            valid[current_idx] = 0;

            current = parent;
            current_idx = parent_idx;
        } else if(node_size <= max_node_size && leaf_idx > (current_idx-N)) {
            // the other thread will just set it's leaf to invalid
            // as it will be merged by the other thread and abort
            leaf->atomic = -1;
            valid[leaf_idx] = 0;

            return;
        } else {
            return; // nothing to do here so abort
        }
    }
}

__forceinline__ __device__ bool valid_node(const unsigned int* valid_sums, unsigned int idx)
{
    return valid_sums[idx] != valid_sums[idx+1];
}

__global__ void compute_free_indices_kernel(const unsigned int* valid_sums,
                                     const unsigned int* isums,
                                     unsigned int* free_indices,
                                     unsigned int N)
{
    unsigned int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= N)
        return;

    if(!valid_node(valid_sums, idx)) {
        auto free_index = isums[idx];
        free_indices[free_index] = idx;
    }
}

__global__ void compact_tree_kernel(BVHNode *nodes,
                                     unsigned int* root_index,
                                     const unsigned int* valid_sums,
                                     const unsigned int* free_positions,
                                     unsigned int first_moved,
                                     unsigned int node_cnt_new,
                                     unsigned int N)
{
    unsigned int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= N)
        return;

    // correction of id's in non-moved part
    if (idx < node_cnt_new) {
        // if the node is valid
        if (valid_node(valid_sums, idx))
        {
            BVHNode* node = &nodes[idx];

            unsigned int parent_idx = node->parent;
            // adjust the parent index in case the parent will be moved
            if ((parent_idx >= node_cnt_new) && (parent_idx < N)) {
                node->parent = free_positions[valid_sums[parent_idx] - first_moved];
            }

            // same with the left and right children
            unsigned int left_idx = nodes[idx].child_left;
            if((left_idx >= node_cnt_new) && (left_idx < N)) {
                node->child_left = free_positions[valid_sums[left_idx] - first_moved];
            }

            unsigned int right_idx = nodes[idx].child_right;
            if((right_idx >= node_cnt_new) && (right_idx < N)) {
                node->child_right = free_positions[valid_sums[right_idx] - first_moved];
            }
        }

    // actually move nodes into the non-moved section here
    } else if(idx >= node_cnt_new) {
        // if the node is valid
        if (valid_node(valid_sums, idx))
        {

            BVHNode* node = &nodes[idx];
            unsigned int new_position = free_positions[valid_sums[idx] - first_moved];
            BVHNode* new_node = &nodes[new_position];
            // copy the static parameters into the new node

            new_node->bounds = node->bounds;
            new_node->atomic = node->atomic;
            node->atomic = -1; // mark node as invalid for debugging
            new_node->range_left = node->range_left;
            new_node->range_right = node->range_right;

            // adjust the parent and child indices if required
            unsigned int parent_idx = node->parent;
            if ((parent_idx >= node_cnt_new) && (parent_idx < N)) {
                parent_idx = free_positions[valid_sums[parent_idx] - first_moved];
            }

            if(parent_idx == UINT_MAX) {
                // this node is the root node so adjust the root index to the new position
                root_index[0] = new_position;
            }

            new_node->parent = parent_idx;

            unsigned int left_idx = node->child_left;
            if ((left_idx >= node_cnt_new) && (left_idx < N)) {
                left_idx = free_positions[valid_sums[left_idx] - first_moved];
            }

            new_node->child_left = left_idx;

            unsigned int right_idx = node->child_right;
            if ((right_idx >= node_cnt_new) && (right_idx < N)) {
                right_idx = free_positions[valid_sums[right_idx] - first_moved];
            }

            new_node->child_right = right_idx;
        }
    }



}
