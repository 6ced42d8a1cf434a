// tilelab kernel collection: PMPP-Learning's chapter 15 (graph traversal): six BFS kernels over CSR, CSC and COO graphs
// Source:  https://github.com/psmarter/PMPP-Learning/blob/fe07c6b411bd9cad8704bc8baa22b5c15f4e2912/Exercises/Chapter15/Exercise01/src/bfs_parallel.cu
//          (psmarter/PMPP-Learning, commit fe07c6b: solutions to the exercises of "Programming Massively Parallel Processors")
// Licence: MIT (the repository's LICENSE, repeated below; the source file carries no notice of its own).
// Kept: the device code, unchanged (lines 1-8, 16-170 and 530-599 of the original).
//       Removed: lines 9-15: the includes; 171-529: the host functions (push, pull, edge-centric, the two frontier
//       versions and direction-optimized BFS); 600-666: the single-block BFS's host function.
//       Copied in, marked: lines 19-48 of include/graph_structures.h (the three graph structures) of the same commit.
//
// MIT License
//
// Copyright (c) 2026 Smarter
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

/**
 * 第十五章：图遍历 - 并行BFS实现 (第1部分)
 * 
 * 参考：chapter-15/code/src/bfs_parallel.cu
 * 
 * 实现6种并行BFS算法的kernels和host端代码
 */

// ---- copied in from include/graph_structures.h, lines 19-48 ----
struct CSRGraph {
    int* srcPtrs;      // 源顶点指针数组 [numVertices + 1]
    int* dst;          // 目标顶点数组 [numEdges]
    int* values;       // 边权值数组 [numEdges]
    int numVertices;   // 顶点数
};

/**
 * CSC 格式：压缩稀疏列格式
 * 适合从目标顶点查找前驱（Pull 模式）
 */
struct CSCGraph {
    int* dstPtrs;      // 目标顶点指针数组 [numVertices + 1]
    int* src;          // 源顶点数组 [numEdges]
    int* values;       // 边权值数组 [numEdges]
    int numVertices;   // 顶点数
};

/**
 * COO 格式：坐标格式
 * 存储每条边的 (源, 目标, 权值)
 * 适合 Edge-Centric BFS
 */
struct COOGraph {
    int* scr;          // 源顶点数组 [numEdges]
    int* dst;          // 目标顶点数组 [numEdges]
    int* values;       // 边权值数组 [numEdges]
    int numEdges;      // 边数
    int numVertices;   // 顶点数
};
// ---- end of the copied lines ----

// 常量定义
#define LOCAL_FRONTIER_CAPACITY 256

// ====================== Kernel实现 ======================

/**
 * Kernel: Push Vertex-Centric BFS
 * 
 * 每个线程处理一个顶点
 * 如果顶点在当前层，遍历所有邻居并更新
 */
__global__ void bsf_push_vertex_centric_kernel(CSRGraph graph, int* levels, int* newVertexVisited,
                                               unsigned int currLevel) {
    unsigned int vertex = blockIdx.x * blockDim.x + threadIdx.x;
    if (vertex < graph.numVertices) {
        if (levels[vertex] == currLevel - 1) {
            // 遍历当前层顶点的所有邻居
            for (unsigned int edge = graph.srcPtrs[vertex]; edge < graph.srcPtrs[vertex + 1]; edge++) {
                unsigned int neighbour = graph.dst[edge];
                // 如果邻居未访问，更新其level
                if (levels[neighbour] == -1) {
                    levels[neighbour] = currLevel;
                    *newVertexVisited = 1;  // 标记有新顶点被访问
                }
            }
        }
    }
}

/**
 * Kernel: Pull Vertex-Centric BFS
 * 
 * 每个线程处理一个未访问顶点
 * 检查其邻居是否在上一层
 */
__global__ void bsf_pull_vertex_centric_kernel(CSCGraph graph, int* levels, int* newVertexVisited,
                                               unsigned int currLevel) {
    unsigned int vertex = blockIdx.x * blockDim.x + threadIdx.x;
    
    if (vertex < graph.numVertices) {
        if (levels[vertex] == -1) {  // 顶点未访问
            // 检查邻居是否在上一层
            for (unsigned int edge = graph.dstPtrs[vertex]; edge < graph.dstPtrs[vertex + 1]; edge++) {
                unsigned int neighbour = graph.src[edge];
                
                if (levels[neighbour] == currLevel - 1) {
                    levels[vertex] = currLevel;
                    *newVertexVisited = 1;
                    break;  // 找到一个上层邻居即可
                }
            }
        }
    }
}

/**
 * Kernel: Edge-Centric BFS
 * 
 * 每个线程处理一条边
 * 如果源顶点在当前层，尝试更新目标顶点
 */
__global__ void bsf_edge_centric_kernel(COOGraph cooGraph, int* levels, int* newVertexVisited, 
                                        unsigned int currLevel) {
    unsigned int edge = blockIdx.x * blockDim.x + threadIdx.x;
    
    if (edge < cooGraph.numEdges) {
        unsigned int vertex = cooGraph.scr[edge];
        if (levels[vertex] == currLevel - 1) {
            unsigned int neighbour = cooGraph.dst[edge];
            if (levels[neighbour] == -1) {  // 邻居未访问
                levels[neighbour] = currLevel;
                *newVertexVisited = 1;
            }
        }
    }
}

/**
 * Kernel: Frontier Vertex-Centric BFS（基础版）
 * 
 * 使用稀疏前沿队列，只处理前沿中的顶点
 */
__global__ void bsf_frontier_vertex_centric_kernel(CSRGraph csrGraph, int* levels, int* prevFrontier, 
                                                   int* currFrontier, int numPrevFrontier, 
                                                   int* numCurrentFrontier, unsigned int currLevel) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    
    if (i < numPrevFrontier) {
        unsigned int vertex = prevFrontier[i];
        for (unsigned int edge = csrGraph.srcPtrs[vertex]; edge < csrGraph.srcPtrs[vertex + 1]; edge++) {
            unsigned int neighbour = csrGraph.dst[edge];
            // 使用atomicCAS避免重复访问
            if (atomicCAS(&levels[neighbour], -1, currLevel) == -1) {
                unsigned int currFrontierIdx = atomicAdd(numCurrentFrontier, 1);
                currFrontier[currFrontierIdx] = neighbour;
            }
        }
    }
}

/**
 * Kernel: Frontier Vertex-Centric BFS（带私有化）
 * 
 * 使用共享内存私有化减少全局原子操作
 */
__global__ void bsf_frontier_vertex_centric_with_privatization_kernel(CSRGraph csrGraph, int* levels, 
                                                                      int* prevFrontier, int* currFrontier, 
                                                                      int numPrevFrontier, int* numCurrFrontier, 
                                                                      int currLevel) {
    // 共享内存：局部前沿队列
    __shared__ unsigned int currFrontier_s[LOCAL_FRONTIER_CAPACITY];
    __shared__ unsigned int numCurrFrontier_s;
    if (threadIdx.x == 0) {
        numCurrFrontier_s = 0;
    }
    __syncthreads();
    
    //执行BFS
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < numPrevFrontier) {
        unsigned int vertex = prevFrontier[i];
        for (unsigned int edge = csrGraph.srcPtrs[vertex]; edge < csrGraph.srcPtrs[vertex + 1]; ++edge) {
            unsigned int neighbor = csrGraph.dst[edge];
            // 使用-1作为未访问标记（之前版本用UINT_MAX会导致问题）
            if (atomicCAS(&levels[neighbor], -1, currLevel) == -1) {
                unsigned int currFrontierIdx_s = atomicAdd(&numCurrFrontier_s, 1);
                if (currFrontierIdx_s < LOCAL_FRONTIER_CAPACITY) {
                    // 添加到共享内存队列
                    currFrontier_s[currFrontierIdx_s] = neighbor;
                } else {
                    // 共享内存满，直接写入全局内存
                    numCurrFrontier_s = LOCAL_FRONTIER_CAPACITY;
                    unsigned int currFrontierIdx = atomicAdd(numCurrFrontier, 1);
                    currFrontier[currFrontierIdx] = neighbor;
                }
            }
        }
    }
    __syncthreads();
    
    // 分配全局队列空间
    __shared__ unsigned int currFrontierStartIdx;
    if (threadIdx.x == 0) {
        currFrontierStartIdx = atomicAdd(numCurrFrontier, numCurrFrontier_s);
    }
    __syncthreads();
    
    // 提交共享内存队列到全局内存
    for (unsigned int currFrontierIdx_s = threadIdx.x; currFrontierIdx_s < numCurrFrontier_s;
         currFrontierIdx_s += blockDim.x) {
        unsigned int currFrontierIdx = currFrontierStartIdx + currFrontierIdx_s;
        currFrontier[currFrontierIdx] = currFrontier_s[currFrontierIdx_s];
    }
}

// ====================== Single-Block BFS (Exercise 3) ======================

/**
 * Kernel: Single Block BFS
 * 
 * 使用共享内存管理前沿队列，只使用一个Block
 * 适用于小图或BFS的初始阶段
 */
__global__ void bfs_single_block_kernel(CSRGraph graph, int* levels, 
                                        int* frontier, int* frontierSize,
                                        int* nextFrontier, int* nextFrontierSize,
                                        int currLevel) {
    // 共享内存：局部前沿队列
    __shared__ int localFrontier[LOCAL_FRONTIER_CAPACITY];
    __shared__ int localFrontierSize;
    __shared__ int nextLocalFrontierSize;
    
    // 初始化共享变量
    if (threadIdx.x == 0) {
        localFrontierSize = *frontierSize;
        nextLocalFrontierSize = 0;
        
        // 拷贝当前前沿到共享内存（如果有）
        // 注意：这里假设初始前沿在global memory中也是小规模的，或者我们只处理其前capacity个
        // 实际使用时，通常从host只传入一个startNode
    }
    
    __syncthreads();
    
    // 从global memory加载前沿到shared memory
    // 简化起见，如果frontierSize > LOCAL_FRONTIER_CAPACITY，我们应该在kernel外处理
    // 这里假设调用者保证了frontierSize <= LOCAL_FRONTIER_CAPACITY
    if (threadIdx.x < localFrontierSize) { // 简单并行拷贝
         localFrontier[threadIdx.x] = frontier[threadIdx.x];
    }
    
    // 更好的拷贝方式（如果size > blockDim）
    for (int i = threadIdx.x; i < *frontierSize && i < LOCAL_FRONTIER_CAPACITY; i += blockDim.x) {
         localFrontier[i] = frontier[i];
    }
    
    __syncthreads();
    
    if (threadIdx.x == 0) {
        // 更新实际拷贝的大小（以防溢出）
        if (*frontierSize > LOCAL_FRONTIER_CAPACITY) localFrontierSize = LOCAL_FRONTIER_CAPACITY;
        else localFrontierSize = *frontierSize;
    }
    __syncthreads();

    // 处理当前前沿
    for (int i = threadIdx.x; i < localFrontierSize; i += blockDim.x) {
        int vertex = localFrontier[i];
        
        // 遍历邻居
        for (unsigned int edge = graph.srcPtrs[vertex]; edge < graph.srcPtrs[vertex + 1]; edge++) {
            unsigned int neighbor = graph.dst[edge];
            
            // 如果邻居未访问，加入下一层前沿
            if (atomicCAS(&levels[neighbor], -1, currLevel) == -1) {
                int idx = atomicAdd(&nextLocalFrontierSize, 1);
                
                // 直接写入 Global Next Frontier
                int globalIdx = atomicAdd(nextFrontierSize, 1);
                nextFrontier[globalIdx] = neighbor;
                (void)idx;  // 防止未使用警告
            }
        }
    }
}
