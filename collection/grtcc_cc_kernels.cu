// tilelab kernel collection: Groute's connected-components kernels (parent init, hooking plain/flagged/atomicCAS, multi-jump compression)
// Source:  https://github.com/groute/groute/blob/5ce16044e4a6e11b9729e4ded01bd2c4a20b7c85/samples/cc/cc_kernels.cuh
//          (groute/groute, commit 5ce16044: Groute, an asynchronous multi-GPU programming framework, Ben-Nun, Sutton, Pai, Pingali)
// Licence: BSD-3-Clause (the file's own notice follows; the repository's LICENSE is the same)
// Kept: cc_kernels.cuh lines 1-28, 40-154, unchanged; removed: its include guard (29-30, 156) and host includes (32-38).
//       Copied in, marked: include/groute/graphs/common.h lines 34-49 (Edge), coo_graph.h lines 40-45, 47-165, 209-210 (GTID and dev:: classes).
// Groute: An Asynchronous Multi-GPU Programming Framework
// http://www.github.com/groute/groute
// Copyright (c) 2017, A. Barak
// All rights reserved.
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are met:
//
// * Redistributions of source code must retain the above copyright notice,
//   this list of conditions and the following disclaimer.
// * Redistributions in binary form must reproduce the above copyright notice,
//   this list of conditions and the following disclaimer in the documentation
//   and/or other materials provided with the distribution.
// * Neither the names of the copyright holders nor the names of its 
//   contributors may be used to endorse or promote products derived from this
//   software without specific prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
// AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
// IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE
// ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT OWNER OR CONTRIBUTORS BE
// LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR
// CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
// SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS
// INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN
// CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE)
// ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE
// POSSIBILITY OF SUCH DAMAGE.

// ---- from include/groute/graphs/common.h (same commit), lines 34-49: the edge type
namespace groute {
namespace graphs {

    struct Edge {
        union
        {
            unsigned long long int pair;
            struct
            {
                unsigned int u;
                unsigned int v;
            };
        };
    };
    }
}
// ---- from include/groute/graphs/coo_graph.h (same commit), lines 40-45, 47-165, 209-210: GTID and the device-side graph, array and flag classes
#define GTID (blockIdx.x * blockDim.x + threadIdx.x)

namespace groute {
namespace graphs {

    namespace dev {
        class EdgeList // Graph abstraction  
        {
        private:
            const Edge* const m_ptr;
            size_t m_size;

        public:
            __host__ __device__ EdgeList(const Edge* ptr, size_t size) : m_ptr(ptr), m_size(size) { }

            __host__ const Edge* GetPtr() const   { return m_ptr; }
            __host__ size_t GetSize() const             { return m_size; }

            __device__ __forceinline__ Edge GetEdge(unsigned int eid)
            {
                return m_ptr[eid < m_size ? eid : m_size - 1]; // clamp
            }
        };

        class Tree // Graph abstraction  
        {
        private:
            const int* m_ptr;
            size_t m_size;
            size_t m_offset;

        public:
            __host__ __device__ Tree(const int* ptr, size_t size, size_t offset = 0) :
                m_ptr(ptr), m_size(size), m_offset(offset) { }

            __device__ __forceinline__ Edge GetEdge(unsigned int eid)
            {
                eid = eid < m_size ? eid : m_size - 1; // clamp
                Edge e; e.u = m_offset + eid; e.v = m_ptr[eid];
                return e;
            }
        };

        template <typename T>
        class Irregular
        {
        private:
            T* m_ptr;
            size_t m_size;
            size_t m_offset;

        public:
            __host__ __device__ Irregular(T* ptr, size_t size, size_t virtual_offset = 0) :
                m_ptr(ptr), m_size(size), m_offset(virtual_offset) { }

            __host__ __device__ Irregular() : m_ptr(nullptr), m_size(0), m_offset(0) { }

            __host__ T* GetPtr() const   { return m_ptr; }
            __host__ size_t GetSize() const    { return m_size; }

            __device__ __forceinline__ int get_wid()
            {
                return m_offset + GTID;
            }

            __device__ __forceinline__ void write(int i, T val)
            {
                m_ptr[i - m_offset] = val;
            }

            __device__ __forceinline__ T write_atomicCAS(int i, T compare, T val)
            {
                return atomicCAS(m_ptr + (i - m_offset), compare, val);
            }

            __device__ __forceinline__ T read(int i) const
            {
                return m_ptr[i - m_offset];
            }

            __device__ __forceinline__ bool has(int i)
            {
                return (i - m_offset) < m_size;
            }
        };

        class Flag
        {
        private:
            int *m_dev_flag;
            int *m_shared_flag;

        public:
            Flag(int *dev_flag) : m_dev_flag(dev_flag)
            {
            }

            typedef int SharedData;

            __device__ __forceinline__ void init(SharedData &shared_flag)
            {
                m_shared_flag = &shared_flag;
                if (threadIdx.x == 0)
                {
                    *m_shared_flag = 0;
                }
                __syncthreads();
            }

            __device__ __forceinline__ void set()
            {
                *m_shared_flag = 1;
            }

            __device__ __forceinline__ void commit()
            {
                __syncthreads();
                if (threadIdx.x == 0 && *m_shared_flag == 1)
                {
                    *m_dev_flag = 1;
                }
            }
        };

    }
}
}
// ---- end of the header lines

typedef groute::graphs::Edge Edge;

static __global__ void InitParents(groute::graphs::dev::Irregular<int> parents)
{
    int tid = parents.get_wid();

    if (!parents.has(tid))
        return;

    parents.write(tid, tid);
}

template<typename Graph>
__global__ void HookHighToLow(
    groute::graphs::dev::Irregular<int>     parents,
    Graph                    edges,
    groute::graphs::dev::Flag          flag
    )
{
    __shared__ typename decltype(flag)::SharedData flag_sdata;

    flag.init(flag_sdata);

    Edge e = edges.GetEdge(GTID);

    if (e.u != e.v)
    {
        int p_u = parents.read(e.u);
        int p_v = parents.read(e.v);

        if (p_u != p_v)
        {
            int high = p_u > p_v ? p_u : p_v;
            int low = p_u + p_v - high;

            flag.set();      // signal work was done
            parents.write(high, low);    // hook
        }
    }

    flag.commit();
}


template<typename Graph, bool R1 = false>
__global__ void Hook(
    groute::graphs::dev::Irregular<int>     parents,
    Graph                    edges
    )
{
    Edge e = edges.GetEdge(GTID);

    if (!R1) // at R1 we know parents contains self pointers  
    {
        e.u = parents.read(e.u);
        e.v = parents.read(e.v);
    }

    int high = e.u > e.v ? e.u : e.v;
    int low = e.u + e.v - high;

    parents.write(high, low);    // hook
}


template<typename Graph>
__global__ void HookHighToLowAtomic(
    groute::graphs::dev::Irregular<int>     parents,
    Graph                    edges
    )
{
    Edge e = edges.GetEdge(GTID);

    if (e.u != e.v)
    {
        int p_u = parents.read(e.u);
        int p_v = parents.read(e.v);

        while (p_u != p_v)
        {
            int high = p_u > p_v ? p_u : p_v;
            int low = p_u + p_v - high;

            int prev = parents.write_atomicCAS(high, high, low);

            if (prev == high || prev == low) {
                break;
            }

            p_u = parents.read(prev);
            p_v = parents.read(low);
        }
    }
}

static __global__ void MultiJumpCompress(groute::graphs::dev::Irregular<int> parents)
{
    int tid = parents.get_wid();

    if (!parents.has(tid))
        return;

    int p, pp;

    p = parents.read(tid);
    pp = parents.read(p);

    while (p != pp)
    {
        parents.write(tid, pp);

        p = pp;
        pp = parents.read(p);
    }
}
