// tilelab kernel collection: sppark's prefix operation (a cooperative scan of sums or products) over the Goldilocks field
// Source:  https://github.com/supranational/sppark/blob/17278d74295392f9813f009300b257a688422b7a/polynomial/prefix_op.cuh
//          (supranational/sppark, commit 17278d7)
// Licence: Apache-2.0 (the repository's LICENSE; each file's SPDX line, kept below).
// Kept: polynomial/prefix_op.cuh lines 1-322 (the Add / Multiply operations and the d_prefix_op kernel) and
// line 397 (#endif), unchanged except that its `#include <ff/shfl.cuh>` (line 15) is replaced by that header's
// text; lines 323-396 (the host functions prefix_op(), which pick CHUNK and the grid and launch with
// launch_coop) are removed. The field is Goldilocks (p = 2^64 - 2^32 + 1), gl64_t, as the repository's
// ff/goldilocks.hpp makes it fr_t. Copied in before the kernel, marked: ff/pow.hpp whole (lines 1-95),
// ff/gl64_t.cuh whole (lines 1-588; its `# include "pow.hpp"` at line 10 commented out, the text being above),
// ff/goldilocks.hpp lines 14-16 (namespace goldilocks { typedef gl64_t fr_t; }), and ff/shfl.cuh whole
// (lines 1-130) in place of prefix_op.cuh's include of it.

// Copyright Supranational LLC
// Licensed under the Apache License, Version 2.0, see LICENSE for details.
// SPDX-License-Identifier: Apache-2.0
//
// Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except in
// compliance with the License. You may obtain a copy of the License at http://www.apache.org/licenses/LICENSE-2.0
// Unless required by applicable law or agreed to in writing, software distributed under the License is
// distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and limitations under the License.

// ---- copied in: ff/pow.hpp, lines 1-95 (whole) ----
// Copyright Supranational LLC
// Licensed under the Apache License, Version 2.0, see LICENSE for details.
// SPDX-License-Identifier: Apache-2.0

#ifndef __SPPARK_FF_POW_HPP__
#define __SPPARK_FF_POW_HPP__

#if defined(__CUDACC__) || defined(__HIPCC__)
# define inline __host__ __device__ __forceinline__
#endif

#if defined(_MSC_VER)
# pragma warning(push)
# pragma warning(disable: 4068)
#elif defined(__GNUC__) && !defined(__clang__)
# pragma GCC diagnostic push
# pragma GCC diagnostic ignored "-Wunknown-pragmas"
#endif

/*
 * Raise to a variable power, e.g. variable in respect to threadIdx.
 */
template<class T, typename U = unsigned>
inline T& pow_byref(T& val, U p)
{
    T sqr = val;
    val = T::csel(val, T::one(), p&1);

    #pragma unroll 1
    while (p >>= 1) {
        sqr.sqr();
        if (p&1)
            val *= sqr;
    }

    return val;
}

#if defined(__CUDACC__) || defined(__HIPCC__)
/*
 * This is meant to be used for code size optimization by deduplicating
 * otherwise inlined pow_byref.
 */
template<class T> __device__ __noinline__
T pow_byval(T val, unsigned p)
{   return pow_byref(val, p);   }
#endif

#include <cassert>

/*
 * Raise to a constant power, e.g. x^7. The idea is to let compiler
 * "decide" how to unroll with expectation that for small constants
 * it will be fully inrolled.
 */
template<class T>
inline T& pow_byref(T& val, int p)
{
    assert(p >= 2);

    T sqr = val;
    if ((p&1) == 0) {
        do {
            sqr.sqr();
            p >>= 1;
        } while ((p&1) == 0);
        val = sqr;
    }
    for (p >>= 1; p; p >>= 1) {
        sqr.sqr();
        if (p&1)
            val *= sqr;
    }
    return val;
}

#if defined(__CUDACC__) || defined(__HIPCC__)
/*
 * This is meant to be used for code size optimization by deduplicating
 * otherwise inlined pow_byref.
 */
template<class T> __device__ __noinline__
T pow_byval(T val, int p)
{   return pow_byref(val, p);   }

# undef inline
#endif

#if defined(_MSC_VER)
# pragma warning(pop)
#elif defined(__GNUC__) && !defined(__clang__)
# pragma GCC diagnostic pop
#endif

#endif
// ---- end of ff/pow.hpp ----

// ---- copied in: ff/gl64_t.cuh, lines 1-588 (whole; line 10's include of pow.hpp commented out: it is above) ----
// Copyright Supranational LLC
// Licensed under the Apache License, Version 2.0, see LICENSE for details.
// SPDX-License-Identifier: Apache-2.0

#if defined(__CUDACC__) && !defined(__SPPARK_FF_GL64_T_CUH__)
#define __SPPARK_FF_GL64_T_CUH__

# include <cstddef>
# include <cstdint>
// # include "pow.hpp"   (copied in above)

# define inline __device__ __forceinline__
# ifdef __GNUC__
#  define asm __asm__ __volatile__
# else
#  define asm asm volatile
# endif

namespace gl64_device {
    static __device__ __constant__ /*const*/ uint32_t W = 0xffffffffU;
}

#ifdef GL64_PARTIALLY_REDUCED
//
// This variant operates with partially reduced values, ones less than
// 2**64, as opposed to less than 2**64-2**32+1. For this reason the
// final results need to be fixed up.
//
// Expected gain is that the fixups in the beginnings of additions and
// subtractions can be interleaved with preceding multiplication, hence
// folding multiple critical paths. This is provided that multiplication
// result is passed as 2nd[!] argument to addition/subtraction.
//
// It should be noted that either multiplication variant can handle
// partially reduced inputs. This is used in exponentiation.
//
#endif

class gl64_t {
private:
    uint64_t val;

public:
    using mem_t = gl64_t;
    static const uint32_t degree = 1;
    static const unsigned nbits = 64;
    static const uint64_t MOD = 0xffffffff00000001U;
    static constexpr size_t __device__ bit_length()     { return 64; }

    inline uint64_t& operator[](size_t i)               { return val; }
    inline const uint64_t& operator[](size_t i) const   { return val; }
    inline size_t len() const                           { return 1;   }

    inline gl64_t()                                     {}
#ifdef __CUDA_ARCH__
    inline gl64_t(uint64_t a)               : val(a)    { to(); }
#else
    __host__ constexpr gl64_t(uint64_t a)   : val(a)    {}
#endif
    inline gl64_t(const uint64_t *p)        : val(*p)   { to(); }

    inline operator uint64_t() const
    {   auto ret = *this; ret.from(); return ret.val;   }
    inline void store(uint64_t *p) const
    {   *p = *this;   }

    inline gl64_t& operator+=(const gl64_t& b)
    {
        from();

        uint64_t tmp;
        uint32_t carry;

        asm("add.cc.u64 %0, %0, %2; addc.u32 %1, 0, 0;"
            : "+l"(val), "=r"(carry)
            : "l"(b.val));

        asm("{ .reg.pred %top;");
# ifdef GL64_PARTIALLY_REDUCED
        asm("sub.u64 %0, %1, %2;"
            : "=l"(tmp)
            : "l"(val), "l"(MOD));
        asm("setp.ne.u32 %top, %0, 0;" :: "r"(carry));
        asm("@%top mov.b64 %0, %1;" : "+l"(val) : "l"(tmp));
# else
        asm("sub.cc.u64 %0, %2, %3; subc.u32 %1, %1, 0;"
            : "=l"(tmp), "+r"(carry)
            : "l"(val), "l"(MOD));
        asm("setp.eq.u32 %top, %0, 0;" :: "r"(carry));
        asm("@%top mov.b64 %0, %1;" : "+l"(val) : "l"(tmp));
# endif
        asm("}");

        return *this;
    }
    friend inline gl64_t operator+(gl64_t a, const gl64_t& b)
    {   return a += b;   }

    inline gl64_t& operator<<=(unsigned l)
    {
        from();

        uint64_t tmp;
        uint32_t carry;
        asm("{ .reg.pred %top;");

        while (l--) {
            asm("add.cc.u64 %0, %0, %0; addc.u32 %1, 0, 0;"
                : "+l"(val), "=r"(carry));
            asm("sub.cc.u64 %0, %2, %3; subc.u32 %1, %1, 0;"
                : "=l"(tmp), "+r"(carry)
                : "l"(val), "l"(MOD));
            asm("setp.eq.u32 %top, %0, 0;" :: "r"(carry));
            asm("@%top mov.b64 %0, %1;" : "+l"(val) : "l"(tmp));
        }

        asm("}");
        return *this;
    }
    friend inline gl64_t operator<<(gl64_t a, unsigned l)
    {   return a <<= l;   }

    inline gl64_t& operator>>=(unsigned r)
    {
        uint64_t tmp;
        uint32_t carry;

        while (r--) {
            tmp = val&1 ? MOD : 0;
            asm("add.cc.u64 %0, %0, %2; addc.u32 %1, 0, 0;"
                : "+l"(tmp) "=r"(carry)
                : "l"(val));
            val = (tmp >> 1) + ((uint64_t)carry << 63);
        }

        return *this;
    }
    friend inline gl64_t operator>>(gl64_t a, unsigned r)
    {   return a >>= r;   }

    inline gl64_t& operator-=(const gl64_t& b)
    {
        uint64_t tmp;
        uint32_t borrow;
        asm("{ .reg.pred %top;");

# ifdef GL64_PARTIALLY_REDUCED
        asm("add.cc.u64 %0, %2, %3; addc.u32 %1, 0, 0;"
            : "=l"(tmp), "=r"(borrow)
            : "l"(val), "l"(MOD));
        asm("setp.eq.u32 %top, %0, 0;" :: "r"(borrow));
        asm("@%top mov.b64 %0, %1;" : "+l"(val) : "l"(tmp));
# endif

        asm("sub.cc.u64 %0, %0, %2; subc.u32 %1, 0, 0;"
            : "+l"(val), "=r"(borrow)
            : "l"(b.val));
        asm("add.u64 %0, %1, %2;" : "=l"(tmp) : "l"(val), "l"(MOD));
        asm("setp.ne.u32 %top, %0, 0;" :: "r"(borrow));
        asm("@%top mov.b64 %0, %1;" : "+l"(val) : "l"(tmp));
        asm("}");

        return *this;
    }
    friend inline gl64_t operator-(gl64_t a, const gl64_t& b)
    {   return a -= b;   }

    inline gl64_t& cneg(bool flag)
    {
        uint64_t tmp;

# ifdef GL64_PARTIALLY_REDUCED
        uint32_t borrow;

        asm("sub.cc.u64 %0, %2, %3; subc.u32 %1, 0, 0;"
            : "=l"(tmp), "=r"(borrow)
            : "l"(MOD), "l"(val));

        asm("{ .reg.pred %flag;");
        asm("setp.ne.u32 %flag, %0, 0;" :: "r"(borrow));
        asm("@%flag add.u64 %0, %0, %1;" : "+l"(tmp) : "l"(MOD));
        asm("setp.ne.u32 %flag, %0, 0;" :: "r"((int)flag));
        asm("@%flag mov.b64 %0, %1;" : "+l"(val) : "l"(tmp));
        asm("}");
# else
        int is_zero = (val==0);

        asm("sub.u64 %0, %1, %2;" : "=l"(tmp) : "l"(MOD), "l"(val));
        asm("{ .reg.pred %flag;");
        asm("setp.ne.u32 %flag, %0, 0;" :: "r"((int)flag));
        asm("@%flag setp.eq.u32 %flag, %0, 0;" :: "r"(is_zero));
        asm("@%flag mov.b64 %0, %1;" : "+l"(val) : "l"(tmp));
        asm("}");
# endif

        return *this;
    }
    static inline gl64_t cneg(gl64_t a, bool flag)
    {   return a.cneg(flag);   }
    inline gl64_t operator-() const
    {   return cneg(*this, true);   }

    static inline const gl64_t one()
    {   gl64_t ret; ret.val = 1; return ret;   }

# ifdef GL64_PARTIALLY_REDUCED
    inline bool is_zero() const { return val == 0 | val == MOD;   }
    inline bool is_one()  const { return val == 1 | val == MOD+1; }
# else
    inline bool is_zero() const { return val == 0;   }
    inline bool is_one()  const { return val == 1;   }
# endif

    inline void zero()
    {   val = 0;   }

    friend inline gl64_t czero(const gl64_t& a, int set_z)
    {
        gl64_t ret;
        asm("{ .reg.pred %set_z;");
        asm("setp.ne.s32 %set_z, %0, 0;" : : "r"(set_z));
        asm("selp.u64 %0, 0, %1, %set_z;" : "=l"(ret.val) : "l"(a.val));
        asm("}");
        return ret;
    }

    static inline gl64_t csel(const gl64_t& a, const gl64_t& b, int sel_a)
    {
        gl64_t ret;
        asm("{ .reg.pred %sel_a;");
        asm("setp.ne.s32 %sel_a, %0, 0;" : : "r"(sel_a));
        asm("selp.u64 %0, %1, %2, %sel_a;" : "=l"(ret.val) : "l"(a.val), "l"(b.val));
        asm("}");
        return ret;
    }

private:
    inline uint32_t lo() const  { return (uint32_t)(val); }
    inline uint32_t hi() const  { return (uint32_t)(val>>32); }

    inline void mul(const gl64_t& b)
    {
        uint32_t a0 = lo(), b0 = b.lo();
        uint32_t a1 = hi(), b1 = b.hi();
        uint32_t temp[4];

        asm("mul.lo.u32 %0, %2, %3; mul.hi.u32 %1, %2, %3;"
            : "=r"(temp[0]), "=r"(temp[1])
            : "r"(a0), "r"(b0));
        asm("mul.lo.u32 %0, %2, %3; mul.hi.u32 %1, %2, %3;"
            : "=r"(temp[2]), "=r"(temp[3])
            : "r"(a1), "r"(b1));
# if 1
        uint32_t carry; // isolate the first carry in hope compiler uses 3-way iadd3.x
        asm("mad.lo.cc.u32 %0, %3, %4, %0; madc.hi.cc.u32 %1, %3, %4, %1; addc.u32 %2, 0, 0;"
            : "+r"(temp[1]), "+r"(temp[2]), "=r"(carry)
            : "r"(a0), "r"(b1));
        asm("mad.lo.cc.u32 %0, %3, %4, %0; madc.hi.cc.u32 %1, %3, %4, %1; addc.u32 %2, %2, %5;"
            : "+r"(temp[1]), "+r"(temp[2]), "+r"(temp[3])
            : "r"(a1), "r"(b0), "r"(carry));
# else
        asm("mad.lo.cc.u32 %0, %3, %4, %0; madc.hi.cc.u32 %1, %3, %4, %1; addc.u32 %2, %2, 0;"
            : "+r"(temp[1]), "+r"(temp[2]), "+r"(temp[3])
            : "r"(a0), "r"(b1));
        asm("mad.lo.cc.u32 %0, %3, %4, %0; madc.hi.cc.u32 %1, %3, %4, %1; addc.u32 %2, %2, 0;"
            : "+r"(temp[1]), "+r"(temp[2]), "+r"(temp[3])
            : "r"(a1), "r"(b0));
# endif

        reduce(temp);
    }

    inline void reduce(uint32_t temp[4])
    {
# if __CUDA_ARCH__ >= 700
        asm("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1; addc.u32 %2, 0, 0;"
            : "+r"(temp[0]), "+r"(temp[1]), "+r"(temp[2])
            : "r"(gl64_device::W));
# else
        uint32_t b0, b1;

        asm("sub.cc.u32 %0, 0, %2; subc.u32 %1, %2, 0;"
            : "=r"(b0), "=r"(b1)
            : "r"(temp[2]));
        asm("add.cc.u32 %0, %0, %3; addc.cc.u32 %1, %1, %4; addc.u32 %2, 0, 0;"
            : "+r"(temp[0]), "+r"(temp[1]), "=r"(temp[2])
            : "r"(b0), "r"(b1));
# endif
        asm("sub.cc.u32 %0, %0, %3; subc.cc.u32 %1, %1, 0; subc.u32 %2, %2, 0;"
            : "+r"(temp[0]), "+r"(temp[1]), "+r"(temp[2])
            : "r"(temp[3]));

        asm("sub.cc.u32 %0, %0, %2; subc.u32 %1, %1, %3;"
            : "+r"(temp[0]), "+r"(temp[1])
            : "r"(temp[2]), "r"(-(int)temp[2]>>1));

        asm("mov.b64 %0, {%1, %2};" : "=l"(val) : "r"(temp[0]), "r"(temp[1]));
    }

public:
    friend inline gl64_t operator*(gl64_t a, const gl64_t& b)
    {   a.mul(b); a.to(); return a;   }
# ifndef GL64_NO_REDUCTION_KLUDGE
    inline gl64_t& operator*=(const gl64_t& a)
    {   mul(a);   to();   return *this;   }
# else
    inline gl64_t& operator*=(const gl64_t& a)
    {   mul(a);           return *this;   }
# endif

    // raise to a variable power, variable in respect to threadIdx,
    // but mind the ^ operator's precedence!
    inline gl64_t& operator^=(uint32_t p)
    {   pow_byref(*this, p); to(); return *this;   }
    friend inline gl64_t operator^(gl64_t a, uint32_t p)
    {   return a ^= p;   }
    inline gl64_t operator()(uint32_t p)
    {   return *this^p;   }

    // raise to a constant power, e.g. x^7, to be unrolled at compile time
    inline gl64_t& operator^=(int p)
    {   pow_byref(*this, p); to(); return *this;   }
    friend inline gl64_t operator^(gl64_t a, int p)
    {   return a ^= p;   }
    inline gl64_t operator()(int p)
    {   return *this^p;   }
    friend inline gl64_t sqr(gl64_t a)
    {   return a.sqr();   }
    inline gl64_t& sqr()
    {   mul(*this); to(); return *this;   }

private:
    inline void mul(uint32_t b)
    {
        uint32_t a0 = lo();
        uint32_t a1 = hi();
        uint32_t temp[3];

        asm("mul.lo.u32 %0, %2, %3; mul.hi.u32 %1, %2, %3;"
            : "=r"(temp[0]), "=r"(temp[1])
            : "r"(a0), "r"(b));

        asm("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.u32 %1, %2, %3, 0;"
            : "+r"(temp[1]), "=r"(temp[2])
            : "r"(a1), "r"(b));

        asm("sub.cc.u32 %0, 0, %2; subc.u32 %1, %2, 0;"
            : "=r"(a0), "=r"(a1)
            : "r"(temp[2]));
        asm("add.cc.u32 %0, %0, %3; addc.cc.u32 %1, %1, %4; addc.u32 %2, 0, 0;"
            : "+r"(temp[0]), "+r"(temp[1]), "=r"(temp[2])
            : "r"(a0), "r"(a1));

# if __CUDA_ARCH__ >= 700
        asm("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.u32 %1, %2, %3, %1;"
            : "+r"(temp[0]), "+r"(temp[1])
            : "r"(temp[2]), "r"(gl64_device::W));
# else
        asm("add.cc.u32 %0, %0, %2; addc.u32 %1, %1, 0;"
            : "+r"(temp[0]), "+r"(temp[1])
            : "r"(-temp[2]));
# endif
        asm("mov.b64 %0, {%1, %2};" : "=l"(val) : "r"(temp[0]), "r"(temp[1]));
    }

public:
    friend inline gl64_t operator*(gl64_t a, const uint32_t b)
    {   a.mul(b); a.to(); return a;   }
    inline gl64_t& operator*=(const uint32_t a)
    {   mul(a);   to();   return *this;   }

private:
    inline void reduce()
    {
        uint64_t tmp;
        uint32_t carry;

        asm("add.cc.u64 %0, %2, %3; addc.u32 %1, 0, 0;"
            : "=l"(tmp), "=r"(carry)
            : "l"(val), "l"(0-MOD));
        asm("{ .reg.pred %top;");
        asm("setp.ne.u32 %top, %0, 0;" :: "r"(carry));
        asm("@%top mov.b64 %0, %1;" : "+l"(val) : "l"(tmp));
        asm("}");
    }

public:
# ifdef GL64_PARTIALLY_REDUCED
    inline void to()    {}
    inline void from()  { reduce(); }
# else
    inline void to()    { reduce(); }
    inline void from()  {}
# endif

    template<size_t T>
    static inline gl64_t dot_product(const gl64_t a[T], const uint8_t b[T])
    {
        uint32_t lo[2], hi[2], bi;

        bi = b[0];
        asm("mul.lo.u32 %0, %2, %3; mul.hi.u32 %1, %2, %3;"
            : "=r"(lo[0]), "=r"(lo[1])
            : "r"(a[0].lo()), "r"(bi));
        asm("mul.lo.u32 %0, %2, %3; mul.hi.u32 %1, %2, %3;"
            : "=r"(hi[0]), "=r"(hi[1])
            : "r"(a[0].hi()), "r"(bi));

        for (uint32_t i = 1; i < T; i++) {
            bi = b[i];
            asm("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.u32 %1, %2, %3, %1;"
                : "+r"(lo[0]), "+r"(lo[1])
                : "r"(a[i].lo()), "r"(bi));
            asm("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.u32 %1, %2, %3, %1;"
                : "+r"(hi[0]), "+r"(hi[1])
                : "r"(a[i].hi()), "r"(bi));
        }

        asm("add.cc.u32 %0, %0, %2; addc.u32 %1, %1, 0;"
            : "+r"(lo[1]), "+r"(hi[1])
            : "r"(hi[0]));

        uint32_t carry;
        asm("sub.cc.u32 %0, 0, %1; subc.u32 %1, %1, 0;"
            : "=r"(hi[0]), "+r"(hi[1]));
        asm("add.cc.u32 %0, %0, %3; addc.cc.u32 %1, %1, %4; addc.u32 %2, 0, 0;"
            : "+r"(lo[0]), "+r"(lo[1]), "=r"(carry)
            : "r"(hi[0]), "r"(hi[1]));
# if __CUDA_ARCH__ >= 700
        asm("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.u32 %1, %2, %3, %1;"
            : "+r"(lo[0]), "+r"(lo[1])
            : "r"(carry), "r"(gl64_device::W));
# else
        asm("add.cc.u32 %0, %0, %2; addc.u32 %1, %1, 0;"
            : "+r"(lo[0]), "+r"(lo[1])
            : "r"(-carry));
# endif
        gl64_t ret;
        asm("mov.b64 %0, {%1, %2};" : "=l"(ret.val) : "r"(lo[0]), "r"(lo[1]));
        ret.to();
        return ret;
    }

    template<size_t T>
    static inline gl64_t dot_product(const gl64_t a[T], const gl64_t b[T])
    {
        uint32_t even[5];
        uint32_t odd[3];

        uint32_t a_lo = a[0].lo(), b_lo = b[0].lo();
        uint32_t a_hi = a[0].hi(), b_hi = b[0].hi();

        asm("mul.lo.u32 %0, %2, %3; mul.hi.u32 %1, %2, %3;"
            : "=r"(even[0]), "=r"(even[1])
            : "r"(a_lo), "r"(b_lo));
        asm("mul.lo.u32 %0, %2, %3; mul.hi.u32 %1, %2, %3;"
            : "=r"(even[2]), "=r"(even[3])
            : "r"(a_hi), "r"(b_hi));
        even[4] = 0;

        asm("mul.lo.u32 %0, %2, %3; mul.hi.u32 %1, %2, %3;"
            : "=r"(odd[0]), "=r"(odd[1])
            : "r"(a_lo), "r"(b_hi));
        asm("mad.lo.cc.u32 %0, %3, %4, %0; madc.hi.cc.u32 %1, %3, %4, %1; addc.u32 %2, 0, 0;"
            : "+r"(odd[0]), "+r"(odd[1]), "=r"(odd[2])
            : "r"(a_hi), "r"(b_lo));

        for (uint32_t i = 1; i < T; i++) {
            a_lo = a[i].lo(), b_lo = b[i].lo();
            a_hi = a[i].hi(), b_hi = b[i].hi();

            asm("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                : "+r"(even[0]), "+r"(even[1])
                : "r"(a_lo), "r"(b_lo));
            asm("madc.lo.cc.u32 %0, %3, %4, %0; madc.hi.cc.u32 %1, %3, %4, %1; addc.u32 %2, %2, 0;"
                : "+r"(even[2]), "+r"(even[3]), "+r"(even[4])
                : "r"(a_hi), "r"(b_hi));

            asm("mad.lo.cc.u32 %0, %3, %4, %0; madc.hi.cc.u32 %1, %3, %4, %1; addc.u32 %2, %2, 0;"
                : "+r"(odd[0]), "+r"(odd[1]), "+r"(odd[2])
                : "r"(a_hi), "r"(b_lo));
            asm("mad.lo.cc.u32 %0, %3, %4, %0; madc.hi.cc.u32 %1, %3, %4, %1; addc.u32 %2, %2, 0;"
                : "+r"(odd[0]), "+r"(odd[1]), "+r"(odd[2])
                : "r"(a_lo), "r"(b_hi));
        }

        asm("add.cc.u32 %0, %0, %4; addc.cc.u32 %1, %1, %5; addc.cc.u32 %2, %2, %6; addc.u32 %3, %3, 0;"
            : "+r"(even[1]), "+r"(even[2]), "+r"(even[3]), "+r"(even[4])
            : "r"(odd[0]), "r"(odd[1]), "r"(odd[2]));

        // reduce modulo |(mod << 64) + (mod <<32)|
        asm("sub.cc.u32 %0, %0, %3; subc.cc.u32 %1, %1, 0; subc.cc.u32 %2, %2, 0; subc.u32 %3, %3, %3;"
            : "+r"(even[1]), "+r"(even[2]), "+r"(even[3]), "+r"(even[4]));
        asm("sub.u32 %0, %0, %1;"
            : "+r"(even[2])
            : "r"(even[4]));

        gl64_t ret;
        ret.reduce(even);
        ret.to();
        return ret;
    }

private:
    template<int unroll> // 1, 2 or 3
    static __device__ __noinline__ gl64_t sqr_n_mul(gl64_t s, uint32_t n, gl64_t m)
    {
        if (unroll&1) {
            s.mul(s);
            n--;
        }
        if (unroll > 1) {
            #pragma unroll 1
            do {
                s.mul(s);
                s.mul(s);
            } while (n -= 2);
        }
        s.mul(m);

        return s;
    }

public:
    inline gl64_t reciprocal() const
    {
        gl64_t t0, t1;

        t1 = sqr_n_mul<1>(*this, 1, *this); // 0b11
        t0 = sqr_n_mul<2>(t1, 2,  t1);      // 0b1111
        t0 = sqr_n_mul<2>(t0, 2,  t1);      // 0b111111
        t1 = sqr_n_mul<2>(t0, 6,  t0);      // 0b111111111111
        t1 = sqr_n_mul<2>(t1, 12, t1);      // 0b111111111111111111111111
        t1 = sqr_n_mul<2>(t1, 6,  t0);      // 0b111111111111111111111111111111
        t1 = sqr_n_mul<1>(t1, 1,  *this);   // 0b1111111111111111111111111111111
        t1 = sqr_n_mul<2>(t1, 32, t1);      // 0b111111111111111111111111111111101111111111111111111111111111111
        t1 = sqr_n_mul<1>(t1, 1,  *this);   // 0b1111111111111111111111111111111011111111111111111111111111111111
        t1.to();

        return t1;
    }
    friend inline gl64_t operator/(int one, const gl64_t& a)
    {   if (one != 1) asm("trap;"); return a.reciprocal();   }
    friend inline gl64_t operator/(const gl64_t& a, const gl64_t& b)
    {   return a * b.reciprocal();   }
    inline gl64_t& operator/=(const gl64_t& a)
    {   return *this *= a.reciprocal();   }

    inline gl64_t heptaroot() const
    {
        gl64_t t0, t1;

        t1 = sqr_n_mul<3>(*this, 3, *this); // 0b1001
        t0 = sqr_n_mul<2>(t1, 6,  t1);      // 0b1001001001
        t0 = sqr_n_mul<2>(t0, 12, t0);      // 0b1001001001001001001001
        t0 = sqr_n_mul<2>(t0, 6,  t1);      // 0b1001001001001001001001001001
        t1 = sqr_n_mul<2>(t0, 4,  *this);   // 0b10010010010010010010010010010001
        t1 = sqr_n_mul<2>(t1, 28, t0);      // 0b100100100100100100100100100100011001001001001001001001001001
        t1 = sqr_n_mul<2>(t1, 2,  t0);      // 0b10010010010010010010010010010001101101101101101101101101101101
        t1 = sqr_n_mul<1>(t1, 1,  *this);   // 0b100100100100100100100100100100011011011011011011011011011011011
        t1 = sqr_n_mul<1>(t1, 1,  *this);   // 0b1001001001001001001001001001000110110110110110110110110110110111
        t1.to();

        return t1;
    }

    inline void shfl_bfly(uint32_t laneMask)
    {   val = __shfl_xor_sync(0xFFFFFFFF, val, laneMask);   }

# undef inline
# undef asm

public:
    friend inline bool operator==(gl64_t a, gl64_t b)
    {   return a.val == b.val;   }
    friend inline bool operator!=(gl64_t a, gl64_t b)
    {   return a.val != b.val;   }
# if defined(_GLIBCXX_IOSTREAM) || defined(_IOSTREAM_) // non-standard
    friend std::ostream& operator<<(std::ostream& os, const gl64_t& obj)
    {
        auto f = os.flags();
        os << "0x" << std::hex << obj.val;
        os.flags(f);
        return os;
    }
# endif
};
#endif
// ---- end of ff/gl64_t.cuh ----

// ---- copied in: ff/goldilocks.hpp, lines 14-16 ----
namespace goldilocks {
typedef gl64_t fr_t;
}
// ---- end of ff/goldilocks.hpp ----

// ---- polynomial/prefix_op.cuh, lines 1-14 ----
// Copyright Supranational LLC
// Licensed under the Apache License, Version 2.0, see LICENSE for details.
// SPDX-License-Identifier: Apache-2.0

#if !defined(__SPPARK_POLYNOMIAL_PREFIX_OP_CUH__) && \
    (defined(__CUDACC__) || defined(__HIPCC__))
#define __SPPARK_POLYNOMIAL_PREFIX_OP_CUH__

#include <cassert>
#ifdef __HIPCC__
# include <hip/hip_cooperative_groups.h>
#else
# include <cooperative_groups.h>
#endif
// ---- prefix_op.cuh line 15, #include <ff/shfl.cuh>: that header copied in, lines 1-130 (whole) ----
// Copyright Supranational LLC
// Licensed under the Apache License, Version 2.0, see LICENSE for details.
// SPDX-License-Identifier: Apache-2.0

#if !defined(__SPPARK_FF_SHFL_CUH__) && \
    (defined(__CUDACC__) || defined(__HIPCC__))
#define __SPPARK_FF_SHFL_CUH__

#ifndef WARP_SZ
# define WARP_SZ 32
#endif

template<class T> __device__ __forceinline__
static T shfl_idx(const T& src, unsigned int idx)
{
    const size_t len = sizeof(T)/sizeof(int);
    union { T val; int vec[len]; } ret{src};

    for (size_t i = 0; i < len; i++)
        ret.vec[i] = __shfl_sync(0xffffffff, ret.vec[i], idx);

    return ret.val;
}

template<class T> __device__ __forceinline__
static T shfl_xor(const T& src, unsigned int mask)
{
    const size_t len = sizeof(T)/sizeof(int);
    union { T val; int vec[len]; } ret{src};

    for (size_t i = 0; i < len; i++)
        ret.vec[i] = __shfl_xor_sync(0xffffffff, ret.vec[i], mask);

    return ret.val;
}

template<class T> __device__ __forceinline__
static T shfl_down(const T& src, unsigned int off)
{
    const size_t len = sizeof(T)/sizeof(int);
    union { T val; int vec[len]; } ret{src};

    for (size_t i = 0; i < len; i++)
        ret.vec[i] = __shfl_down_sync(0xffffffff, ret.vec[i], off);

    return ret.val;
}

template<class T> __device__ __forceinline__
static T shfl_up(const T& src, unsigned int off)
{
    const size_t len = sizeof(T)/sizeof(int);
    union { T val; int vec[len]; } ret{src};

    for (size_t i = 0; i < len; i++)
        ret.vec[i] = __shfl_up_sync(0xffffffff, ret.vec[i], off);

    return ret.val;
}

template<class T> __device__ __forceinline__
static T& add_up(T& x_lane, unsigned limit)
{
    const unsigned laneid = threadIdx.x % WARP_SZ;

    __builtin_assume(limit > 1);

    #pragma unroll 1
    for (unsigned off = 1; off < limit; off <<= 1) {
        auto temp = shfl_up(x_lane, off);
        temp += x_lane;
        x_lane = T::csel(x_lane, temp, laneid < off);
    }

    return x_lane;
}

template<class T> __device__ __forceinline__
static T& add_up(T& x_lane)
{
    if (sizeof(T) > 16)
        return add_up(x_lane, WARP_SZ);

    const unsigned laneid = threadIdx.x % WARP_SZ;

    #pragma unroll
    for (unsigned off = 1; off < WARP_SZ; off <<= 1) {
        auto temp = shfl_up(x_lane, off);
        temp += x_lane;
        x_lane = T::csel(x_lane, temp, laneid < off);
    }

    return x_lane;
}

template<class T> __device__ __forceinline__
static T& mul_up(T& x_lane, unsigned limit)
{
    const unsigned laneid = threadIdx.x % WARP_SZ;

    __builtin_assume(limit > 1);

    #pragma unroll 1
    for (unsigned off = 1; off < limit; off <<= 1) {
        auto temp = shfl_up(x_lane, off);
        temp *= x_lane;
        x_lane = T::csel(x_lane, temp, laneid < off);
    }

    return x_lane;
}

template<class T> __device__ __forceinline__
static T& mul_up(T& x_lane)
{
    if (sizeof(T) > 4)
        return mul_up(x_lane, WARP_SZ);

    const unsigned laneid = threadIdx.x % WARP_SZ;

    #pragma unroll
    for (unsigned off = 1; off < WARP_SZ; off <<= 1) {
        auto temp = shfl_up(x_lane, off);
        temp *= x_lane;
        x_lane = T::csel(x_lane, temp, laneid < off);
    }

    return x_lane;
}
#endif
// ---- end of ff/shfl.cuh; polynomial/prefix_op.cuh resumes, lines 16-322 ----

template <typename fr_t>
class Add {
public:
    using T = fr_t;
    static const int CHUNK = 192 / sizeof(fr_t);
    static_assert(CHUNK != 0, "field size is too large");

    __device__ __host__ __forceinline__
    fr_t operator()(const fr_t& a, const fr_t& b) const
    {   return a + b;   }

    __device__ __host__ __forceinline__
    fr_t identity() const
    {   fr_t ret; ret.zero(); return ret;   }
};

template <typename fr_t>
class Multiply {
public:
    using T = fr_t;
    static const int CHUNK = 128 / sizeof(fr_t);
    static_assert(CHUNK != 0, "field size is too large");

    __device__ __host__ __forceinline__
    fr_t operator()(const fr_t& a, const fr_t& b) const
    {   return a * b;   }

    __device__ __host__ __forceinline__
    fr_t identity() const
    {   return fr_t::one();   }
};

template <typename Operation, int CHUNK, typename fr_t = typename Operation::T,
          class OutPtr = fr_t*, class InPtr = const fr_t*>
__global__ __launch_bounds__(sizeof(fr_t)<=16 ? 1024 : 512)
void d_prefix_op(OutPtr out, InPtr inp, size_t len)
{
    struct warp {
        __device__ __forceinline__
        static fr_t& prefix_op(fr_t& x_lane, uint32_t limit = WARP_SZ)
        {
            const uint32_t laneid = threadIdx.x % WARP_SZ;
            const Operation op;

            __builtin_assume(limit > 1);

            #pragma unroll 1
            for (uint32_t offset = 1; offset < limit; offset <<= 1) {
                fr_t temp = shfl_up(x_lane, offset);
                temp = op(temp, x_lane);
                x_lane = fr_t::csel(x_lane, temp, laneid < offset);
            }

            return x_lane;
        }

        /*
         * Compiler apparently doesn't fuse loops, at least not these ones,
         * it has to be done "manually."
         */
        __device__ __forceinline__
        static void prefix_op(fr_t chunk[CHUNK])
        {
            const uint32_t laneid = threadIdx.x % WARP_SZ;
            const Operation op;

            #pragma unroll 1
            for (uint32_t offset = 1; offset < WARP_SZ; offset <<= 1) {
                #pragma unroll
                for (int i = 0; i < CHUNK; i++) {
                    fr_t temp = shfl_up(chunk[i], offset);
                    temp = op(temp, chunk[i]);
                    chunk[i] = fr_t::csel(chunk[i], temp, laneid < offset);
                }
            }
        }
#ifdef __HIPCC__
        static __device__ __noinline__ void noop() { asm(""); }
#else
        static __device__ __forceinline__ void noop() {}
#endif
    };

#if 0
    assert(blockDim.x%WARP_SZ == 0 && gridDim.x <= blockDim.x);
#endif

    const uint32_t tid    = threadIdx.x + blockDim.x * blockIdx.x;
    const uint32_t warpid = threadIdx.x / WARP_SZ;
    const uint32_t laneid = threadIdx.x % WARP_SZ;
    const uint32_t nwarps = blockDim.x  / WARP_SZ;

    static __shared__ fr_t xchg[1024/WARP_SZ]; // 1024 is maximum for blockDim

    const uint32_t chunk_size = blockDim.x * CHUNK;
    const uint32_t blob_size = gridDim.x * chunk_size;

    constexpr bool coalesce = CHUNK/sizeof(fr_t) > 1;
    const uint32_t lane_off = (tid / WARP_SZ) * WARP_SZ * CHUNK +
                              (coalesce ? laneid : laneid*CHUNK);

    const Operation op;
    const fr_t identity = op.identity();

    fr_t grid_carry = identity;
    fr_t chunk[CHUNK];

    const bool do_prefetch = true;
    fr_t prefetch;

    if (do_prefetch) {
#ifdef __CUDA_ARCH__
        prefetch = identity;
        if (lane_off < len)
            prefetch = inp[lane_off];
#else
        prefetch = inp[lane_off<len ? lane_off : len-1];
#endif
    }

    __builtin_assume(len > 0);

    #pragma unroll 1
    for (size_t blob = 0; blob < len; blob += blob_size) {
        size_t lane_idx = blob + lane_off;
        int top = CHUNK;

        if (do_prefetch) {
            if (lane_idx >= len)
                top = 0;

            chunk[0] = prefetch;
        }

        #pragma unroll
        for (int i = do_prefetch; i < CHUNK; i++) {
            size_t idx = lane_idx + (coalesce ? WARP_SZ*i : i);

            if (top == CHUNK && idx >= len)
                top = i;

#ifdef __CUDA_ARCH__
            chunk[i] = identity;
            if (i < top)
                chunk[i] = inp[idx];
#else
            chunk[i] = inp[i<top ? idx : len-1];
#endif
        }

        if (do_prefetch) {
            size_t idx = lane_idx + blob_size;

#ifdef __CUDA_ARCH__
            prefetch = identity;
            if (idx < len)
                prefetch = inp[idx];
#else
            prefetch = inp[idx<len ? idx : len-1];
#endif
        }

#ifndef __CUDA_ARCH__
        #pragma unroll
        for (int i = 0; i < CHUNK; i++)
            chunk[i] = fr_t::csel(chunk[i], identity, i < top);
#endif

        if (coalesce) {
            warp::prefix_op(chunk);

            #pragma unroll
            for (int i = 1; i < CHUNK; i++)
                chunk[i] = op(chunk[i], shfl_idx(chunk[i-1], WARP_SZ-1));
        } else {
            #pragma unroll
            for (int i = 1; i < CHUNK; i++)
                chunk[i] = op(chunk[i], chunk[i-1]);

            chunk[CHUNK-1] = warp::prefix_op(chunk[CHUNK-1]);
        }

        if (laneid == WARP_SZ-1 && warpid < 1024/WARP_SZ-1)
            xchg[warpid] = chunk[CHUNK - 1];

        __syncthreads();

        fr_t warp_carry = identity;

        if (laneid < nwarps && laneid > 0)
            warp_carry = xchg[laneid - 1];

        warp_carry = warp::prefix_op(warp_carry, nwarps);
        warp_carry = shfl_idx(warp_carry, warpid);

        if (coalesce) {
            chunk[CHUNK - 1] = op(chunk[CHUNK - 1], warp_carry);
        } else {
            fr_t lane_carry = shfl_up(chunk[CHUNK-1], 1);
            lane_carry = fr_t::csel(identity, lane_carry, laneid == 0);

            chunk[CHUNK - 1] = op(chunk[CHUNK - 1], warp_carry);

            warp_carry = op(warp_carry, lane_carry);
        }

        fr_t grid_carry_in = grid_carry;

        if (gridDim.x == 1) {
            if (threadIdx.x == blockDim.x-1)
                xchg[1024/WARP_SZ - 1] = chunk[CHUNK - 1];

            __syncthreads();

            grid_carry = xchg[1024/WARP_SZ - 1];
            grid_carry = op(grid_carry, grid_carry_in);
        } else {
            bool tail_sync = !do_prefetch ||
                             (len - blob) <= (2*blob_size - chunk_size);
            uint32_t bias = tail_sync ? 0 : blob_size;

            size_t grid_xchg = blob + (blockIdx.x*chunk_size + bias);
            if (threadIdx.x == blockDim.x-1 && grid_xchg < len)
                out[grid_xchg] = chunk[CHUNK - 1];

            cooperative_groups::this_grid().sync();
            __syncthreads();

            uint32_t rank = gridDim.x <= WARP_SZ ? laneid : threadIdx.x;

            fr_t block_carry = identity;

            grid_xchg = blob + (rank*chunk_size + bias);
            if (rank < gridDim.x && grid_xchg < len)
                block_carry = out[grid_xchg];

            block_carry = warp::prefix_op(block_carry, min(WARP_SZ, gridDim.x));

            if (gridDim.x <= WARP_SZ) {
                grid_carry = op(grid_carry, shfl_idx(block_carry, gridDim.x-1));

                if (blockIdx.x > 0)
                    block_carry = shfl_idx(block_carry, blockIdx.x - 1);
                else
                    block_carry = identity;
            } else {
                const uint32_t nwarps = (gridDim.x + WARP_SZ - 1) / WARP_SZ;

                // The last warp saves a value only when gridDim.x is
                // divisible by WARP_SZ. However, note that this value is
                // later disregarded, hence there is no need to handle all
                // divisibility cases, comparison to gridDim.x suffices.
                if (laneid == WARP_SZ - 1 && threadIdx.x < gridDim.x)
                    xchg[warpid] = block_carry;

                __syncthreads();

                fr_t inner_carry = identity;

                if (laneid < nwarps && laneid > 0)
                    inner_carry = xchg[laneid - 1];

                inner_carry = warp::prefix_op(inner_carry, nwarps);
                inner_carry = shfl_idx(inner_carry, warpid);

                __syncthreads();

                if (threadIdx.x == blockIdx.x-1 || threadIdx.x == gridDim.x-1) {
                    block_carry = op(block_carry, inner_carry);
                    xchg[threadIdx.x == gridDim.x-1] = block_carry;
                }

                __syncthreads();

                if (blockIdx.x > 0)
                    block_carry = xchg[0];
                else
                    block_carry = identity;

                grid_carry = xchg[1];
                grid_carry = op(grid_carry, grid_carry_in);
            }

            if (tail_sync) {
                cooperative_groups::this_grid().sync();
                __syncthreads();
            }

            grid_carry_in = op(grid_carry_in, block_carry);
        }

        warp_carry = op(warp_carry, grid_carry_in);

        #pragma unroll
        for (int i = 0; i < CHUNK-1; i++)
            chunk[i] = op(chunk[i], warp_carry);

        chunk[CHUNK - 1] = op(chunk[CHUNK - 1], grid_carry_in);

        #pragma unroll
        for(int i = 0; i < CHUNK; i++) {
            if (i < top)
                out[lane_idx + (coalesce ? WARP_SZ*i : i)] = chunk[i];
        }
    }
}
// ---- polynomial/prefix_op.cuh lines 323-396 (host code) removed; line 397: ----
#endif
