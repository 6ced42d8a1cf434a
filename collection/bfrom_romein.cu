// tilelab kernel collection: Bifrost's Romein convolutional gridder (romein_kernel, romein_kernel_sloc)
// Source:  https://github.com/ledatelescope/bifrost/blob/c48289202db25501e6bec4e55c0812827b73ce4c/src/romein.cu
//          (ledatelescope/bifrost, commit c482892), with lines 40-41, 63-64 and 109-244 of src/Complex.hpp
// Licence: BSD-3-Clause (the file's own notice, lines 1-27, kept below; Complex.hpp carries the same, 2016-2021)
// Kept: lines 1-27 (the notice), 29-33 (the comment) and 46-248 (the device code, unchanged). Removed: the includes
//       (34-45: <iostream>, bifrost's config/romein/assert/trace/utils/cuda headers, Complex.hpp) and the host code (250-642).
/*
 * Copyright (c) 2018, The Bifrost Authors. All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions
 * are met:
 * * Redistributions of source code must retain the above copyright
 *   notice, this list of conditions and the following disclaimer.
 * * Redistributions in binary form must reproduce the above copyright
 *   notice, this list of conditions and the following disclaimer in the
 *   documentation and/or other materials provided with the distribution.
 * * Neither the name of The Bifrost Authors nor the names of its
 *   contributors may be used to endorse or promote products derived
 *   from this software without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS ``AS IS'' AND ANY
 * EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR
 * PURPOSE ARE DISCLAIMED.  IN NO EVENT SHALL THE COPYRIGHT OWNER OR
 * CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
 * EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO,
 * PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR
 * PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY
 * OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
 * (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */

/* 

Implements the Romein convolutional algorithm onto a GPU using CUDA. 

*/

// ---- from src/Complex.hpp, lines 40-41, 63-64 and 109-244 (Complex<T>, its storage and arithmetic kinds)
template<typename Real, class Enable=void>
struct Complex;
typedef Complex<float>  Complex32;
typedef Complex<double> Complex64;
namespace Complex_detail {
// TODO: De-dupe this with the one in ArrayIndexer.cuh
template<bool B, class T = void>
struct enable_if {};
template<class T>
struct enable_if<true, T> { typedef T type; };

template<typename T> struct is_floating_point    { enum { value = false }; };
template<> struct is_floating_point<float>       { enum { value = true  }; };
template<> struct is_floating_point<double>      { enum { value = true  }; };
template<> struct is_floating_point<long double> { enum { value = true  }; };

template<typename T> struct is_storage_type      { enum { value = false }; };
template<> struct is_storage_type<signed char>   { enum { value = true  }; };
template<> struct is_storage_type<signed short>  { enum { value = true  }; };
template<> struct is_storage_type<signed int>    { enum { value = true  }; };
// TODO: Complex<half> breaks because there's no half(int) constructor
//template<> struct is_storage_type<half>          { enum { value = true  }; };

#ifdef __CUDACC_VER_MAJOR__
template<typename Real> struct cuda_vector2_type {};
template<>              struct cuda_vector2_type<float>  { typedef float2  type; };
template<>              struct cuda_vector2_type<double> { typedef double2 type; };
#endif

} // namespace Complex_detail

// Storage-only types
template<typename T>
struct __attribute__((aligned(sizeof(T)*2)))
Complex<T, typename Complex_detail::enable_if<Complex_detail::is_storage_type<T>::value>::type> {
	typedef T real_type;
	union { real_type x, real; };
	union { real_type y, imag; };
	
	inline __host__ __device__ Complex() {}
	inline __host__ __device__ Complex(real_type x_, real_type y_=0) : x(x_), y(y_) {}
};

// Special case for 4+4-bit storage
struct FourBit {};
template<>
struct __attribute__((aligned(1)))
Complex<FourBit> {
	typedef signed char real_type;
	typedef signed char pack_type;
	pack_type real_imag;
	
	inline __host__ __device__ Complex() {}
	inline __host__ __device__ explicit Complex(real_type x_, real_type y_=0)
		// Note: Puts the real component into the high 4 bits (big endian)
		: real_imag((x_ & 0xF) << 4 | (y_ & 0xF)) {}
	template<typename U>
	inline __host__ __device__ operator Complex<U>() const {
		// Note: Assumes the real component is in the high 4 bits (big endian)
		return Complex<U>(pack_type(real_imag)      >> 4,
		                  pack_type(real_imag << 4) >> 4);
	}
};

// Arithmetic types
template<typename T>
struct __attribute__((aligned(sizeof(T)*2)))
Complex<T, typename Complex_detail::enable_if<Complex_detail::is_floating_point<T>::value>::type> {
	typedef T real_type;
	//real_type x, y;
	union { real_type x, real; };
	union { real_type y, imag; };
	
	inline __host__ __device__ Complex() {}//: x(0), y(0) {}
	inline __host__ __device__ Complex(real_type x_, real_type y_=0) : x(x_), y(y_) {}
	// Implicit conversion from low-precision storage types
	inline __host__ __device__ Complex(Complex<FourBit> c)     : x(((signed char) (c.real_imag & 0xF0))/16), y(((signed char) ((c.real_imag & 0x0F) << 4))/16) {}
	inline __host__ __device__ Complex(Complex<signed char> c) : x(c.x), y(c.y) {}
	inline __host__ __device__ Complex(Complex<short> c)       : x(c.x), y(c.y) {}
	inline __host__ __device__ Complex(Complex<int> c)         : x(c.x), y(c.y) {}
	//inline __device__ Complex(Complex<half> c) : x(__half2float(c.x)), y(__half2float(c.y)) {}
#ifdef __CUDACC_VER_MAJOR__
	// Note: Use float2 to ensure vectorized load/store
	inline __host__ __device__ Complex(typename Complex_detail::cuda_vector2_type<T>::type c) : x(c.x), y(c.y) {}
	inline __host__ __device__ operator typename Complex_detail::cuda_vector2_type<T>::type() const { return make_float2(x,y); }
#endif
	inline __host__ __device__ Complex& assign(real_type x_, real_type y_) { x = x_; y = y_; return *this; }
	inline __host__ __device__ Complex& operator+=(Complex c)   { x += c.x; y += c.y; return *this; }
	inline __host__ __device__ Complex& operator-=(Complex c)   { x -= c.x; y -= c.y; return *this; }
	inline __host__ __device__ Complex& operator*=(Complex c)   {
		Complex tmp;
		tmp.x  = x*c.x;
		tmp.x -= y*c.y;
		tmp.y  = y*c.x;
		tmp.y += x*c.y;
		return *this = tmp;
	}
	inline __host__ __device__ Complex& operator/=(Complex c) {
		return *this *= c.conj() / c.mag2();
	}
	inline __host__ __device__ Complex& operator*=(real_type s) { x *= s; y *= s; return *this; }
	inline __host__ __device__ Complex& operator/=(real_type s) { return *this *= 1/s; }
	inline __host__ __device__ Complex  operator+() const { return Complex(+x,+y); }
	inline __host__ __device__ Complex  operator-() const { return Complex(-x,-y); }
	inline __host__ __device__ Complex   conj()  const { return Complex(x, -y); }
	//inline __host__ __device__ real_type real()  const { return x; }
	//inline __host__ __device__ real_type imag()  const { return y; }
	//inline __host__ __device__ real_type& real()       { return x; }
	//inline __host__ __device__ real_type& imag()       { return y; }
	//inline __host__ __device__ void      real(real_type x_) { x = x_; }
	//inline __host__ __device__ void      imag(real_type y_) { y = y_; }
	inline __host__ __device__ real_type phase() const { return atan2(y, x); }
	inline __host__ __device__ real_type mag2()  const { real_type a = x*x; a += y*y; return a; }
	inline __host__ __device__ real_type mag()   const { return sqrt(this->mag2()); }
	inline __host__ __device__ real_type abs()   const { return this->mag(); }
	inline __host__ __device__ Complex&  mad(Complex a, Complex b) {
		x += a.x*b.x;
		x -= a.y*b.y;
		y += a.y*b.x;
		y += a.x*b.y;
		return *this;
	}
	//inline __host__ __device__ Complex&  mad(real_type a, Complex b) {
	//	x += a*b.x;
	//	y += a*b.y;
	//	return *this;
	//}
	inline __host__ __device__ Complex& msub(Complex a, Complex b) {
		x -= a.x*b.x;
		x += a.y*b.y;
		y -= a.y*b.x;
		y -= a.x*b.y;
		return *this;
	}
	inline __host__ __device__ bool operator==(Complex const& c) const { return (x==c.x) && (y==c.y); }
	inline __host__ __device__ bool operator!=(Complex const& c) const { return !(*this == c); }
	inline __host__ __device__ bool isreal(real_type tol=1e-6) const {
		return y/x <= tol;
	}
};
// ---- end of Complex.hpp's lines


struct __attribute__((aligned(1))) nibble2 {
    // Yikes!  This is dicey since the packing order is implementation dependent!  
    signed char y:4, x:4;
};

struct __attribute__((aligned(1))) blenib2 {
    // Yikes!  This is dicey since the packing order is implementation dependent!
    signed char x:4, y:4;
};

template<typename RealType>
__host__ __device__
inline Complex<RealType> Complexfcma(Complex<RealType> x, Complex<RealType> y, Complex<RealType> d) {
    RealType real_res;
    RealType imag_res;
    
    real_res = (x.x *  y.x) + d.x;
    imag_res = (x.x *  y.y) + d.y;
            
    real_res =  (x.y * y.y) + real_res;  
    imag_res = -(x.y * y.x) + imag_res;          
     
    return Complex<RealType>(real_res, imag_res);
}


template<typename InType, typename OutType>
__global__ void romein_kernel(int                         nbaseline,
			      int                         npol,
			      int                         maxsupport, 
			      int                         gridsize, 
			      int                         nbatch,
			      const int* __restrict__     x,
			      const int* __restrict__     y,
			      const int* __restrict__     z,
			      const OutType* __restrict__ kernels,
			      const InType* __restrict__  d_in,
			      OutType*                    d_out) {
    int batch_no = blockIdx.x;
    int pol_no = threadIdx.y; 
    int vi_s = batch_no*nbaseline*npol+pol_no;
    int grid_s = batch_no*npol*gridsize*gridsize + pol_no*gridsize*gridsize;

    for(int i = threadIdx.x; i < maxsupport * maxsupport; i += blockDim.x) {
        int myU = i % maxsupport;
        int myV = i / maxsupport;
        
        int grid_point_u = myU;
        int grid_point_v = myV;
        OutType sum = OutType(0.0, 0.0);


        int vi = 0;
        for(vi = 0; vi < (nbaseline*npol); vi+=npol) {
            int xl = x[vi+vi_s];
            int yl = y[vi+vi_s];
            
            // Determine convolution point. This is basically just an
            // optimised way to calculate.
            //int myConvU = myU - u;
            //int myConvV = myV - v;
            int myConvU = 0;
            int myConvV = 0;
            if( maxsupport > 1 ) {
                myConvU = (xl - myU) % maxsupport;
                myConvV = (yl - myV) % maxsupport;    
                if (myConvU < 0) myConvU += maxsupport;
                if (myConvV < 0) myConvV += maxsupport;
            } 
            
            // Determine grid point. Because of the above we know here that
            //   myGridU % max_supp = myU
            //   myGridV % max_supp = myV
            int myGridU = xl + myConvU;
            int myGridV = yl + myConvV;
            
            // Grid point changed?
            if (myGridU == grid_point_u && myGridV == grid_point_v) {
                // Nothin'
            } else {
                // Atomically add to grid. This is the bottleneck of this kernel.
                if( grid_point_u >= 0 && grid_point_u < gridsize && \
                    grid_point_v >= 0 && grid_point_v < gridsize ) {
                    atomicAdd(&d_out[grid_s + gridsize*grid_point_v + grid_point_u].x, sum.x);
                    atomicAdd(&d_out[grid_s + gridsize*grid_point_v + grid_point_u].y, sum.y);
                }
                // Switch to new point
                sum = OutType(0.0, 0.0);
                grid_point_u = myGridU;
                grid_point_v = myGridV;
            }
            
            //TODO: Re-do the w-kernel/gcf for our data.
            OutType px = kernels[(vi+vi_s)*maxsupport*maxsupport + myConvV * maxsupport + myConvU];// ??
            // Sum up
            InType temp = d_in[vi+vi_s];
            OutType vi_v = OutType(temp.x, temp.y);
            sum = Complexfcma(px, vi_v, sum);
        }
        
        if( grid_point_u >= 0 && grid_point_u < gridsize && \
            grid_point_v >= 0 && grid_point_v < gridsize ) {
            atomicAdd(&d_out[grid_s + gridsize*grid_point_v + grid_point_u].x, sum.x);
            atomicAdd(&d_out[grid_s + gridsize*grid_point_v + grid_point_u].y, sum.y);
        }
    }
}


template<typename InType, typename OutType>
__global__ void romein_kernel_sloc(int                         nbaseline,
				   int                         npol,
				   int                         maxsupport, 
				   int                         gridsize, 
				   int                         nbatch,
				   const int* __restrict__     x,
				   const int* __restrict__     y,
				   const int* __restrict__     z,
				   const OutType* __restrict__ kernels,
				   const InType* __restrict__  d_in,
				   OutType*                    d_out) {
    int batch_no = blockIdx.x;
    int pol_no = threadIdx.y;
    int vi_s = batch_no*nbaseline*npol+pol_no;
    int grid_s = batch_no*npol*gridsize*gridsize + pol_no*gridsize*gridsize;
    
    extern __shared__ int shared[];
    
    int* xdata = shared;
    int* ydata = xdata + nbaseline * npol;

    for(int i = threadIdx.x; i < nbaseline; i += blockDim.x){
	    
	xdata[i*npol + pol_no] = x[vi_s + npol * i];
	ydata[i*npol + pol_no] = y[vi_s + npol * i];
    }

    __syncthreads();
    
    for(int i = threadIdx.x; i < maxsupport * maxsupport; i += blockDim.x) {
        int myU = i % maxsupport;
        int myV = i / maxsupport;
        
        int grid_point_u = myU;
        int grid_point_v = myV;
        OutType sum = OutType(0.0, 0.0);

        int vi = 0;
        for(vi = 0; vi < (nbaseline*npol); vi+=npol) {
	        int xl = xdata[vi+pol_no];
	        int yl = ydata[vi+pol_no];

            // Determine convolution point. This is basically just an
            // optimised way to calculate.
            //int myConvU = myU - u;
            //int myConvV = myV - v;
            int myConvU = 0;
            int myConvV = 0;
            if( maxsupport > 1 ) {
                myConvU = (xl - myU) % maxsupport;
                myConvV = (yl - myV) % maxsupport;    
                if (myConvU < 0) myConvU += maxsupport;
                if (myConvV < 0) myConvV += maxsupport;
            } 
            
            // Determine grid point. Because of the above we know here that
            //   myGridU % max_supp = myU
            //   myGridV % max_supp = myV
            int myGridU = xl + myConvU;
            int myGridV = yl + myConvV;
            
            // Grid point changed?
            if (myGridU == grid_point_u && myGridV == grid_point_v) {
                // Nothin'
            } else {
                // Atomically add to grid. This is the bottleneck of this kernel.
                if( grid_point_u >= 0 && grid_point_u < gridsize && \
                    grid_point_v >= 0 && grid_point_v < gridsize ) {
                    atomicAdd(&d_out[grid_s + gridsize*grid_point_v + grid_point_u].x, sum.x);
                    atomicAdd(&d_out[grid_s + gridsize*grid_point_v + grid_point_u].y, sum.y);
                }
                // Switch to new point
                sum = OutType(0.0, 0.0);
                grid_point_u = myGridU;
                grid_point_v = myGridV;
            }
            
            //TODO: Re-do the w-kernel/gcf for our data.
            OutType px = kernels[(vi+vi_s)*maxsupport*maxsupport + myConvV * maxsupport + myConvU];// ??
            // Sum up
            InType temp = d_in[vi+vi_s];
            OutType vi_v = OutType(temp.x, temp.y);
            sum = Complexfcma(px, vi_v, sum);
        }
        
        if( grid_point_u >= 0 && grid_point_u < gridsize && \
            grid_point_v >= 0 && grid_point_v < gridsize ) {
            atomicAdd(&d_out[grid_s + gridsize*grid_point_v + grid_point_u].x, sum.x);
            atomicAdd(&d_out[grid_s + gridsize*grid_point_v + grid_point_u].y, sum.y);
        }
    }
}
