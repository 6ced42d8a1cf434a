// tilelab kernel collection: bemap's Black-Scholes (one option a thread, __logf and __expf, the polynomial normal CDF)
// Source:  https://github.com/ardiyu07/bemap/blob/e84e06529609a5398fb74df0d1011c68a27a6b25/src/BlackScholes/cuda/BlackScholes_kernel.cu
//          (ardiyu07/bemap, commit e84e065: a benchmark suite's CUDA, OpenCL and OpenMP versions)
// Licence: BSD-3-Clause-style (the repository's LICENSE, its two notices repeated below; the file carries none).
// Kept: the device code, unchanged (lines 4-58 of the original).
//       Removed: lines 1-2: the includes ("common.hpp", whose six defines are copied in below, marked;
//       "BlackScholes.hpp", the host class); lines 59-81: BlackScholesCUDA::execute(), the host (the launch loop).
//
// Copyright (c) 2012-2014, Yuri Ardila.
// All rights reserved.
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are
// met:
//     * Redistributions of source code must retain the above copyright and
//       patent notices, this list of conditions and the following
//       disclaimer.
//     * Redistributions in binary form must reproduce the above copyright
//       notice, this list of conditions and the following disclaimer in
//       the documentation and/or other materials provided with the
//       distribution.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS
// IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED
// TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A
// PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT
// HOLDER BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
// EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO,
// PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR
// PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF
// LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING
// NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
// SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
//
// ------------------------------------------------------------------------
//
// Copyright (c) 2012, Fixstars Corp.
// All rights reserved.
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are
// met:
//     * Redistributions of source code must retain the above copyright and
//       patent notices, this list of conditions and the following
//       disclaimer.
//     * Redistributions in binary form must reproduce the above copyright
//       notice, this list of conditions and the following disclaimer in
//       the documentation and/or other materials provided with the
//       distribution.
//     * Neither the name of Fixstars Corp. nor the names of its
//       contributors may be used to endorse or promote products derived
//       from this software without specific prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS
// IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED
// TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A
// PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT
// HOLDER BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
// EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO,
// PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR
// PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF
// LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING
// NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
// SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

// --- copied from src/BlackScholes/cuda/common.hpp (lines 1-6), which the file includes ---
#define coef1 ( 0.31938153f )
#define coef2 ( -0.356563782f )
#define coef3 ( 1.781477937f )
#define coef4 ( -1.821255978f )
#define coef5 ( 1.330274429f )
#define RSQRT2PI ( 0.3989422804f )
// --- end of common.hpp ---

#if 1
#define FABS fabsf
#define SQRT sqrtf
#define LOG  __logf
#define EXP  __expf
#else
#define FABS fabs
#define SQRT sqrt
#define LOG  log
#define EXP  exp
#endif

#define cudaEnumIdx threadIdx.x + blockIdx.x * blockDim.x
#define cudaEnumIdy threadIdx.y + blockIdx.y * blockDim.y

__device__
float d_cnd( float d )
{
    float K = 1.0f / ( 1.0f + 0.2316419f * FABS( d ) );
    float cnd = RSQRT2PI * EXP( - 0.5f * d * d ) * ( K * ( coef1 + K * ( coef2 + K * ( coef3 + K * ( coef4 + K * coef5 ) ) ) ) );

    if ( d > 0.0f )
    {
	cnd = 1.0f - cnd;
    }


    return cnd;
}

__device__
void d_black_scholes_equation( float *call, float *put, float *stock_price, float *option_strike, float *option_years, float riskless_rate, float volatility_rate, int opt )
{
    float sqrt_t, exp_rt;
    float d1, d2, cnd1, cnd2;

    sqrt_t = SQRT( option_years[ opt ] );
    d1 = ( LOG( stock_price[ opt ] / option_strike[ opt ] ) + ( riskless_rate + 0.5f * volatility_rate * volatility_rate ) * option_years[ opt ] ) / ( volatility_rate * sqrt_t );
    d2 = d1 - volatility_rate * sqrt_t;

    cnd1 = d_cnd( d1 );
    cnd2 = d_cnd( d2 );

    exp_rt = EXP( - riskless_rate * option_years[ opt ] );
    call[ opt ] = stock_price[ opt ] * cnd1 - option_strike[ opt ] * exp_rt * cnd2;
    put[ opt ]  = option_strike[ opt ] * exp_rt * ( 1.0f - cnd2 ) - stock_price[ opt ] * ( 1.0f - cnd1 );

}

__global__
void black_scholes_scalar( float *call, float *put, float *stockprice, float *optionstrike, float *optionyears, float riskfree, float volatility, int optN, int blockOffset)
{
    if (cudaEnumIdx < optN)
	d_black_scholes_equation( call, put, stockprice, optionstrike, optionyears, riskfree, volatility, cudaEnumIdx + blockOffset);
}
