// Source:  https://github.com/vtsynergy/bb_segsort/blob/b8f4572036160835ec0721f3381dc875002391a5/bb_comput_s.h
// Licence: LGPL-2.1
// Kept: bb_comput_s.h lines 20 (<limits>) and 24-555 (find_kth3, gen_copy and the five small-segment sorts
// up to gen_bk128_wp8_tc4_r17_r32_strd), unchanged, after bb_exch.h lines 20-852 (CMP_SWP / EQL_SWP / SWP
// and the exch_intxn / exch_paral shuffle exchanges it includes), unchanged; left out: the larger
// segment classes (lines 556-3671) and bb_comput_l.h.
// Licence notice (bb_segsort's LICENSE and each header's banner):
// Copyright 2011-2015 by Virginia Polytechnic Institute and State University
// All rights reserved.
// This software is bound by the GNU Lesser General Public License, version 2.1 (LICENSE in the
// repository). (c) 2015 Virginia Polytechnic Institute & State University (Virginia Tech).
// This program is free software: you can redistribute it and/or modify it under the terms of the GNU
// General Public License as published by the Free Software Foundation, version 2.1. This program is
// distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; without even the implied
// warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the GNU General Public License,
// version 2.1, for more details.

// ---- bb_exch.h lines 20-852
#define CMP_SWP(t1,_a,_b,t2,_c,_d) if(_a>_b)  {t1 _t=_a;_a=_b;_b=_t; t2 _s=_c;_c=_d;_d=_s;}
#define EQL_SWP(t1,_a,_b,t2,_c,_d) if(_a!=_b) {t1 _t=_a;_a=_b;_b=_t; t2 _s=_c;_c=_d;_d=_s;}
#define     SWP(t1,_a,_b,t2,_c,_d)            {t1 _t=_a;_a=_b;_b=_t; t2 _s=_c;_c=_d;_d=_s;}
// Exchange intersection for 1 keys.
template<class K>
__device__ inline void exch_intxn(K &k0, int &v0, int mask, const int bit) {
    K ex_k0, ex_k1;
    int ex_v0, ex_v1;
    ex_k0 = k0;
    ex_k1 = __shfl_xor_sync(0xffffffff,k0, mask);
    ex_v0 = v0;
    ex_v1 = __shfl_xor_sync(0xffffffff,v0, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k0 = ex_k0;
    v0 = ex_v0;
}
// Exchange intersection for 2 keys.
template<class K>
__device__ inline void exch_intxn(K &k0, K &k1, int &v0, int &v1, int mask, const int bit) {
    K ex_k0, ex_k1;
    int ex_v0, ex_v1;
    ex_k0 = k0;
    ex_k1 = __shfl_xor_sync(0xffffffff,k1, mask);
    ex_v0 = v0;
    ex_v1 = __shfl_xor_sync(0xffffffff,v1, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k0 = ex_k0;
    k1 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v0 = ex_v0;
    v1 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
}
// Exchange intersection for 4 keys.
template<class K>
__device__ inline void exch_intxn(K &k0, K &k1, K &k2, K &k3, int &v0, int &v1, int &v2, int &v3, int mask, const int bit) {
    K ex_k0, ex_k1;
    int ex_v0, ex_v1;
    if(bit) SWP(K, k0, k2, int, v0, v2);
    if(bit) SWP(K, k1, k3, int, v1, v3);
    ex_k0 = k0;
    ex_k1 = __shfl_xor_sync(0xffffffff,k1, mask);
    ex_v0 = v0;
    ex_v1 = __shfl_xor_sync(0xffffffff,v1, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k0 = ex_k0;
    k1 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v0 = ex_v0;
    v1 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k2;
    ex_k1 = __shfl_xor_sync(0xffffffff,k3, mask);
    ex_v0 = v2;
    ex_v1 = __shfl_xor_sync(0xffffffff,v3, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k2 = ex_k0;
    k3 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v2 = ex_v0;
    v3 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    if(bit) SWP(K, k0, k2, int, v0, v2);
    if(bit) SWP(K, k1, k3, int, v1, v3);
}
// Exchange intersection for 8 keys.
template<class K>
__device__ inline void exch_intxn(K &k0, K &k1, K &k2, K &k3, K &k4, K &k5, K &k6, K &k7, int &v0, int &v1, int &v2, int &v3, int &v4, int &v5, int &v6, int &v7, int mask, const int bit) {
    K ex_k0, ex_k1;
    int ex_v0, ex_v1;
    if(bit) SWP(K, k0, k6, int, v0, v6);
    if(bit) SWP(K, k1, k7, int, v1, v7);
    if(bit) SWP(K, k2, k4, int, v2, v4);
    if(bit) SWP(K, k3, k5, int, v3, v5);
    ex_k0 = k0;
    ex_k1 = __shfl_xor_sync(0xffffffff,k1, mask);
    ex_v0 = v0;
    ex_v1 = __shfl_xor_sync(0xffffffff,v1, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k0 = ex_k0;
    k1 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v0 = ex_v0;
    v1 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k2;
    ex_k1 = __shfl_xor_sync(0xffffffff,k3, mask);
    ex_v0 = v2;
    ex_v1 = __shfl_xor_sync(0xffffffff,v3, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k2 = ex_k0;
    k3 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v2 = ex_v0;
    v3 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k4;
    ex_k1 = __shfl_xor_sync(0xffffffff,k5, mask);
    ex_v0 = v4;
    ex_v1 = __shfl_xor_sync(0xffffffff,v5, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k4 = ex_k0;
    k5 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v4 = ex_v0;
    v5 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k6;
    ex_k1 = __shfl_xor_sync(0xffffffff,k7, mask);
    ex_v0 = v6;
    ex_v1 = __shfl_xor_sync(0xffffffff,v7, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k6 = ex_k0;
    k7 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v6 = ex_v0;
    v7 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    if(bit) SWP(K, k0, k6, int, v0, v6);
    if(bit) SWP(K, k1, k7, int, v1, v7);
    if(bit) SWP(K, k2, k4, int, v2, v4);
    if(bit) SWP(K, k3, k5, int, v3, v5);
}
// Exchange intersection for 16 keys.
template<class K>
__device__ inline void exch_intxn(K &k0, K &k1, K &k2, K &k3, K &k4, K &k5, K &k6, K &k7, K &k8, K &k9, K &k10, K &k11, K &k12, K &k13, K &k14, K &k15, int &v0, int &v1, int &v2, int &v3, int &v4, int &v5, int &v6, int &v7, int &v8, int &v9, int &v10, int &v11, int &v12, int &v13, int &v14, int &v15, int mask, const int bit) {
    K ex_k0, ex_k1;
    int ex_v0, ex_v1;
    if(bit) SWP(K, k0, k14, int, v0, v14);
    if(bit) SWP(K, k1, k15, int, v1, v15);
    if(bit) SWP(K, k2, k12, int, v2, v12);
    if(bit) SWP(K, k3, k13, int, v3, v13);
    if(bit) SWP(K, k4, k10, int, v4, v10);
    if(bit) SWP(K, k5, k11, int, v5, v11);
    if(bit) SWP(K, k6, k8, int, v6, v8);
    if(bit) SWP(K, k7, k9, int, v7, v9);
    ex_k0 = k0;
    ex_k1 = __shfl_xor_sync(0xffffffff,k1, mask);
    ex_v0 = v0;
    ex_v1 = __shfl_xor_sync(0xffffffff,v1, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k0 = ex_k0;
    k1 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v0 = ex_v0;
    v1 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k2;
    ex_k1 = __shfl_xor_sync(0xffffffff,k3, mask);
    ex_v0 = v2;
    ex_v1 = __shfl_xor_sync(0xffffffff,v3, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k2 = ex_k0;
    k3 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v2 = ex_v0;
    v3 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k4;
    ex_k1 = __shfl_xor_sync(0xffffffff,k5, mask);
    ex_v0 = v4;
    ex_v1 = __shfl_xor_sync(0xffffffff,v5, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k4 = ex_k0;
    k5 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v4 = ex_v0;
    v5 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k6;
    ex_k1 = __shfl_xor_sync(0xffffffff,k7, mask);
    ex_v0 = v6;
    ex_v1 = __shfl_xor_sync(0xffffffff,v7, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k6 = ex_k0;
    k7 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v6 = ex_v0;
    v7 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k8;
    ex_k1 = __shfl_xor_sync(0xffffffff,k9, mask);
    ex_v0 = v8;
    ex_v1 = __shfl_xor_sync(0xffffffff,v9, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k8 = ex_k0;
    k9 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v8 = ex_v0;
    v9 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k10;
    ex_k1 = __shfl_xor_sync(0xffffffff,k11, mask);
    ex_v0 = v10;
    ex_v1 = __shfl_xor_sync(0xffffffff,v11, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k10 = ex_k0;
    k11 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v10 = ex_v0;
    v11 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k12;
    ex_k1 = __shfl_xor_sync(0xffffffff,k13, mask);
    ex_v0 = v12;
    ex_v1 = __shfl_xor_sync(0xffffffff,v13, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k12 = ex_k0;
    k13 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v12 = ex_v0;
    v13 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k14;
    ex_k1 = __shfl_xor_sync(0xffffffff,k15, mask);
    ex_v0 = v14;
    ex_v1 = __shfl_xor_sync(0xffffffff,v15, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k14 = ex_k0;
    k15 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v14 = ex_v0;
    v15 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    if(bit) SWP(K, k0, k14, int, v0, v14);
    if(bit) SWP(K, k1, k15, int, v1, v15);
    if(bit) SWP(K, k2, k12, int, v2, v12);
    if(bit) SWP(K, k3, k13, int, v3, v13);
    if(bit) SWP(K, k4, k10, int, v4, v10);
    if(bit) SWP(K, k5, k11, int, v5, v11);
    if(bit) SWP(K, k6, k8, int, v6, v8);
    if(bit) SWP(K, k7, k9, int, v7, v9);
}
// Exchange intersection for 32 keys.
template<class K>
__device__ inline void exch_intxn(K &k0, K &k1, K &k2, K &k3, K &k4, K &k5, K &k6, K &k7, K &k8, K &k9, K &k10, K &k11, K &k12, K &k13, K &k14, K &k15, K &k16, K &k17, K &k18, K &k19, K &k20, K &k21, K &k22, K &k23, K &k24, K &k25, K &k26, K &k27, K &k28, K &k29, K &k30, K &k31, int &v0, int &v1, int &v2, int &v3, int &v4, int &v5, int &v6, int &v7, int &v8, int &v9, int &v10, int &v11, int &v12, int &v13, int &v14, int &v15, int &v16, int &v17, int &v18, int &v19, int &v20, int &v21, int &v22, int &v23, int &v24, int &v25, int &v26, int &v27, int &v28, int &v29, int &v30, int &v31, int mask, const int bit) {
    K ex_k0, ex_k1;
    int ex_v0, ex_v1;
    if(bit) SWP(K, k0, k30, int, v0, v30);
    if(bit) SWP(K, k1, k31, int, v1, v31);
    if(bit) SWP(K, k2, k28, int, v2, v28);
    if(bit) SWP(K, k3, k29, int, v3, v29);
    if(bit) SWP(K, k4, k26, int, v4, v26);
    if(bit) SWP(K, k5, k27, int, v5, v27);
    if(bit) SWP(K, k6, k24, int, v6, v24);
    if(bit) SWP(K, k7, k25, int, v7, v25);
    if(bit) SWP(K, k8, k22, int, v8, v22);
    if(bit) SWP(K, k9, k23, int, v9, v23);
    if(bit) SWP(K, k10, k20, int, v10, v20);
    if(bit) SWP(K, k11, k21, int, v11, v21);
    if(bit) SWP(K, k12, k18, int, v12, v18);
    if(bit) SWP(K, k13, k19, int, v13, v19);
    if(bit) SWP(K, k14, k16, int, v14, v16);
    if(bit) SWP(K, k15, k17, int, v15, v17);
    ex_k0 = k0;
    ex_k1 = __shfl_xor_sync(0xffffffff,k1, mask);
    ex_v0 = v0;
    ex_v1 = __shfl_xor_sync(0xffffffff,v1, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k0 = ex_k0;
    k1 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v0 = ex_v0;
    v1 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k2;
    ex_k1 = __shfl_xor_sync(0xffffffff,k3, mask);
    ex_v0 = v2;
    ex_v1 = __shfl_xor_sync(0xffffffff,v3, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k2 = ex_k0;
    k3 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v2 = ex_v0;
    v3 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k4;
    ex_k1 = __shfl_xor_sync(0xffffffff,k5, mask);
    ex_v0 = v4;
    ex_v1 = __shfl_xor_sync(0xffffffff,v5, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k4 = ex_k0;
    k5 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v4 = ex_v0;
    v5 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k6;
    ex_k1 = __shfl_xor_sync(0xffffffff,k7, mask);
    ex_v0 = v6;
    ex_v1 = __shfl_xor_sync(0xffffffff,v7, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k6 = ex_k0;
    k7 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v6 = ex_v0;
    v7 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k8;
    ex_k1 = __shfl_xor_sync(0xffffffff,k9, mask);
    ex_v0 = v8;
    ex_v1 = __shfl_xor_sync(0xffffffff,v9, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k8 = ex_k0;
    k9 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v8 = ex_v0;
    v9 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k10;
    ex_k1 = __shfl_xor_sync(0xffffffff,k11, mask);
    ex_v0 = v10;
    ex_v1 = __shfl_xor_sync(0xffffffff,v11, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k10 = ex_k0;
    k11 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v10 = ex_v0;
    v11 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k12;
    ex_k1 = __shfl_xor_sync(0xffffffff,k13, mask);
    ex_v0 = v12;
    ex_v1 = __shfl_xor_sync(0xffffffff,v13, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k12 = ex_k0;
    k13 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v12 = ex_v0;
    v13 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k14;
    ex_k1 = __shfl_xor_sync(0xffffffff,k15, mask);
    ex_v0 = v14;
    ex_v1 = __shfl_xor_sync(0xffffffff,v15, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k14 = ex_k0;
    k15 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v14 = ex_v0;
    v15 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k16;
    ex_k1 = __shfl_xor_sync(0xffffffff,k17, mask);
    ex_v0 = v16;
    ex_v1 = __shfl_xor_sync(0xffffffff,v17, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k16 = ex_k0;
    k17 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v16 = ex_v0;
    v17 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k18;
    ex_k1 = __shfl_xor_sync(0xffffffff,k19, mask);
    ex_v0 = v18;
    ex_v1 = __shfl_xor_sync(0xffffffff,v19, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k18 = ex_k0;
    k19 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v18 = ex_v0;
    v19 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k20;
    ex_k1 = __shfl_xor_sync(0xffffffff,k21, mask);
    ex_v0 = v20;
    ex_v1 = __shfl_xor_sync(0xffffffff,v21, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k20 = ex_k0;
    k21 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v20 = ex_v0;
    v21 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k22;
    ex_k1 = __shfl_xor_sync(0xffffffff,k23, mask);
    ex_v0 = v22;
    ex_v1 = __shfl_xor_sync(0xffffffff,v23, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k22 = ex_k0;
    k23 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v22 = ex_v0;
    v23 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k24;
    ex_k1 = __shfl_xor_sync(0xffffffff,k25, mask);
    ex_v0 = v24;
    ex_v1 = __shfl_xor_sync(0xffffffff,v25, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k24 = ex_k0;
    k25 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v24 = ex_v0;
    v25 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k26;
    ex_k1 = __shfl_xor_sync(0xffffffff,k27, mask);
    ex_v0 = v26;
    ex_v1 = __shfl_xor_sync(0xffffffff,v27, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k26 = ex_k0;
    k27 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v26 = ex_v0;
    v27 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k28;
    ex_k1 = __shfl_xor_sync(0xffffffff,k29, mask);
    ex_v0 = v28;
    ex_v1 = __shfl_xor_sync(0xffffffff,v29, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k28 = ex_k0;
    k29 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v28 = ex_v0;
    v29 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k30;
    ex_k1 = __shfl_xor_sync(0xffffffff,k31, mask);
    ex_v0 = v30;
    ex_v1 = __shfl_xor_sync(0xffffffff,v31, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k30 = ex_k0;
    k31 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v30 = ex_v0;
    v31 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    if(bit) SWP(K, k0, k30, int, v0, v30);
    if(bit) SWP(K, k1, k31, int, v1, v31);
    if(bit) SWP(K, k2, k28, int, v2, v28);
    if(bit) SWP(K, k3, k29, int, v3, v29);
    if(bit) SWP(K, k4, k26, int, v4, v26);
    if(bit) SWP(K, k5, k27, int, v5, v27);
    if(bit) SWP(K, k6, k24, int, v6, v24);
    if(bit) SWP(K, k7, k25, int, v7, v25);
    if(bit) SWP(K, k8, k22, int, v8, v22);
    if(bit) SWP(K, k9, k23, int, v9, v23);
    if(bit) SWP(K, k10, k20, int, v10, v20);
    if(bit) SWP(K, k11, k21, int, v11, v21);
    if(bit) SWP(K, k12, k18, int, v12, v18);
    if(bit) SWP(K, k13, k19, int, v13, v19);
    if(bit) SWP(K, k14, k16, int, v14, v16);
    if(bit) SWP(K, k15, k17, int, v15, v17);
}
// Exchange parallel for 1 keys.
template<class K>
__device__ inline void exch_paral(K &k0, int &v0, int mask, const int bit) {
    K ex_k0, ex_k1;
    int ex_v0, ex_v1;
    ex_k0 = k0;
    ex_k1 = __shfl_xor_sync(0xffffffff,k0, mask);
    ex_v0 = v0;
    ex_v1 = __shfl_xor_sync(0xffffffff,v0, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k0 = ex_k0;
    v0 = ex_v0;
}
// Exchange parallel for 2 keys.
template<class K>
__device__ inline void exch_paral(K &k0, K &k1, int &v0, int &v1, int mask, const int bit) {
    K ex_k0, ex_k1;
    int ex_v0, ex_v1;
    if(bit) SWP(K, k0, k1, int, v0, v1);
    ex_k0 = k0;
    ex_k1 = __shfl_xor_sync(0xffffffff,k1, mask);
    ex_v0 = v0;
    ex_v1 = __shfl_xor_sync(0xffffffff,v1, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k0 = ex_k0;
    k1 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v0 = ex_v0;
    v1 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    if(bit) SWP(K, k0, k1, int, v0, v1);
}
// Exchange parallel for 4 keys.
template<class K>
__device__ inline void exch_paral(K &k0, K &k1, K &k2, K &k3, int &v0, int &v1, int &v2, int &v3, int mask, const int bit) {
    K ex_k0, ex_k1;
    int ex_v0, ex_v1;
    if(bit) SWP(K, k0, k1, int, v0, v1);
    if(bit) SWP(K, k2, k3, int, v2, v3);
    ex_k0 = k0;
    ex_k1 = __shfl_xor_sync(0xffffffff,k1, mask);
    ex_v0 = v0;
    ex_v1 = __shfl_xor_sync(0xffffffff,v1, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k0 = ex_k0;
    k1 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v0 = ex_v0;
    v1 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k2;
    ex_k1 = __shfl_xor_sync(0xffffffff,k3, mask);
    ex_v0 = v2;
    ex_v1 = __shfl_xor_sync(0xffffffff,v3, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k2 = ex_k0;
    k3 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v2 = ex_v0;
    v3 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    if(bit) SWP(K, k0, k1, int, v0, v1);
    if(bit) SWP(K, k2, k3, int, v2, v3);
}
// Exchange parallel for 8 keys.
template<class K>
__device__ inline void exch_paral(K &k0, K &k1, K &k2, K &k3, K &k4, K &k5, K &k6, K &k7, int &v0, int &v1, int &v2, int &v3, int &v4, int &v5, int &v6, int &v7, int mask, const int bit) {
    K ex_k0, ex_k1;
    int ex_v0, ex_v1;
    if(bit) SWP(K, k0, k1, int, v0, v1);
    if(bit) SWP(K, k2, k3, int, v2, v3);
    if(bit) SWP(K, k4, k5, int, v4, v5);
    if(bit) SWP(K, k6, k7, int, v6, v7);
    ex_k0 = k0;
    ex_k1 = __shfl_xor_sync(0xffffffff,k1, mask);
    ex_v0 = v0;
    ex_v1 = __shfl_xor_sync(0xffffffff,v1, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k0 = ex_k0;
    k1 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v0 = ex_v0;
    v1 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k2;
    ex_k1 = __shfl_xor_sync(0xffffffff,k3, mask);
    ex_v0 = v2;
    ex_v1 = __shfl_xor_sync(0xffffffff,v3, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k2 = ex_k0;
    k3 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v2 = ex_v0;
    v3 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k4;
    ex_k1 = __shfl_xor_sync(0xffffffff,k5, mask);
    ex_v0 = v4;
    ex_v1 = __shfl_xor_sync(0xffffffff,v5, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k4 = ex_k0;
    k5 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v4 = ex_v0;
    v5 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k6;
    ex_k1 = __shfl_xor_sync(0xffffffff,k7, mask);
    ex_v0 = v6;
    ex_v1 = __shfl_xor_sync(0xffffffff,v7, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k6 = ex_k0;
    k7 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v6 = ex_v0;
    v7 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    if(bit) SWP(K, k0, k1, int, v0, v1);
    if(bit) SWP(K, k2, k3, int, v2, v3);
    if(bit) SWP(K, k4, k5, int, v4, v5);
    if(bit) SWP(K, k6, k7, int, v6, v7);
}
// Exchange parallel for 16 keys.
template<class K>
__device__ inline void exch_paral(K &k0, K &k1, K &k2, K &k3, K &k4, K &k5, K &k6, K &k7, K &k8, K &k9, K &k10, K &k11, K &k12, K &k13, K &k14, K &k15, int &v0, int &v1, int &v2, int &v3, int &v4, int &v5, int &v6, int &v7, int &v8, int &v9, int &v10, int &v11, int &v12, int &v13, int &v14, int &v15, int mask, const int bit) {
    K ex_k0, ex_k1;
    int ex_v0, ex_v1;
    if(bit) SWP(K, k0, k1, int, v0, v1);
    if(bit) SWP(K, k2, k3, int, v2, v3);
    if(bit) SWP(K, k4, k5, int, v4, v5);
    if(bit) SWP(K, k6, k7, int, v6, v7);
    if(bit) SWP(K, k8, k9, int, v8, v9);
    if(bit) SWP(K, k10, k11, int, v10, v11);
    if(bit) SWP(K, k12, k13, int, v12, v13);
    if(bit) SWP(K, k14, k15, int, v14, v15);
    ex_k0 = k0;
    ex_k1 = __shfl_xor_sync(0xffffffff,k1, mask);
    ex_v0 = v0;
    ex_v1 = __shfl_xor_sync(0xffffffff,v1, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k0 = ex_k0;
    k1 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v0 = ex_v0;
    v1 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k2;
    ex_k1 = __shfl_xor_sync(0xffffffff,k3, mask);
    ex_v0 = v2;
    ex_v1 = __shfl_xor_sync(0xffffffff,v3, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k2 = ex_k0;
    k3 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v2 = ex_v0;
    v3 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k4;
    ex_k1 = __shfl_xor_sync(0xffffffff,k5, mask);
    ex_v0 = v4;
    ex_v1 = __shfl_xor_sync(0xffffffff,v5, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k4 = ex_k0;
    k5 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v4 = ex_v0;
    v5 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k6;
    ex_k1 = __shfl_xor_sync(0xffffffff,k7, mask);
    ex_v0 = v6;
    ex_v1 = __shfl_xor_sync(0xffffffff,v7, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k6 = ex_k0;
    k7 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v6 = ex_v0;
    v7 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k8;
    ex_k1 = __shfl_xor_sync(0xffffffff,k9, mask);
    ex_v0 = v8;
    ex_v1 = __shfl_xor_sync(0xffffffff,v9, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k8 = ex_k0;
    k9 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v8 = ex_v0;
    v9 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k10;
    ex_k1 = __shfl_xor_sync(0xffffffff,k11, mask);
    ex_v0 = v10;
    ex_v1 = __shfl_xor_sync(0xffffffff,v11, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k10 = ex_k0;
    k11 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v10 = ex_v0;
    v11 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k12;
    ex_k1 = __shfl_xor_sync(0xffffffff,k13, mask);
    ex_v0 = v12;
    ex_v1 = __shfl_xor_sync(0xffffffff,v13, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k12 = ex_k0;
    k13 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v12 = ex_v0;
    v13 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k14;
    ex_k1 = __shfl_xor_sync(0xffffffff,k15, mask);
    ex_v0 = v14;
    ex_v1 = __shfl_xor_sync(0xffffffff,v15, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k14 = ex_k0;
    k15 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v14 = ex_v0;
    v15 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    if(bit) SWP(K, k0, k1, int, v0, v1);
    if(bit) SWP(K, k2, k3, int, v2, v3);
    if(bit) SWP(K, k4, k5, int, v4, v5);
    if(bit) SWP(K, k6, k7, int, v6, v7);
    if(bit) SWP(K, k8, k9, int, v8, v9);
    if(bit) SWP(K, k10, k11, int, v10, v11);
    if(bit) SWP(K, k12, k13, int, v12, v13);
    if(bit) SWP(K, k14, k15, int, v14, v15);
}
// Exchange parallel for 32 keys.
template<class K>
__device__ inline void exch_paral(K &k0, K &k1, K &k2, K &k3, K &k4, K &k5, K &k6, K &k7, K &k8, K &k9, K &k10, K &k11, K &k12, K &k13, K &k14, K &k15, K &k16, K &k17, K &k18, K &k19, K &k20, K &k21, K &k22, K &k23, K &k24, K &k25, K &k26, K &k27, K &k28, K &k29, K &k30, K &k31, int &v0, int &v1, int &v2, int &v3, int &v4, int &v5, int &v6, int &v7, int &v8, int &v9, int &v10, int &v11, int &v12, int &v13, int &v14, int &v15, int &v16, int &v17, int &v18, int &v19, int &v20, int &v21, int &v22, int &v23, int &v24, int &v25, int &v26, int &v27, int &v28, int &v29, int &v30, int &v31, int mask, const int bit) {
    K ex_k0, ex_k1;
    int ex_v0, ex_v1;
    if(bit) SWP(K, k0, k1, int, v0, v1);
    if(bit) SWP(K, k2, k3, int, v2, v3);
    if(bit) SWP(K, k4, k5, int, v4, v5);
    if(bit) SWP(K, k6, k7, int, v6, v7);
    if(bit) SWP(K, k8, k9, int, v8, v9);
    if(bit) SWP(K, k10, k11, int, v10, v11);
    if(bit) SWP(K, k12, k13, int, v12, v13);
    if(bit) SWP(K, k14, k15, int, v14, v15);
    if(bit) SWP(K, k16, k17, int, v16, v17);
    if(bit) SWP(K, k18, k19, int, v18, v19);
    if(bit) SWP(K, k20, k21, int, v20, v21);
    if(bit) SWP(K, k22, k23, int, v22, v23);
    if(bit) SWP(K, k24, k25, int, v24, v25);
    if(bit) SWP(K, k26, k27, int, v26, v27);
    if(bit) SWP(K, k28, k29, int, v28, v29);
    if(bit) SWP(K, k30, k31, int, v30, v31);
    ex_k0 = k0;
    ex_k1 = __shfl_xor_sync(0xffffffff,k1, mask);
    ex_v0 = v0;
    ex_v1 = __shfl_xor_sync(0xffffffff,v1, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k0 = ex_k0;
    k1 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v0 = ex_v0;
    v1 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k2;
    ex_k1 = __shfl_xor_sync(0xffffffff,k3, mask);
    ex_v0 = v2;
    ex_v1 = __shfl_xor_sync(0xffffffff,v3, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k2 = ex_k0;
    k3 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v2 = ex_v0;
    v3 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k4;
    ex_k1 = __shfl_xor_sync(0xffffffff,k5, mask);
    ex_v0 = v4;
    ex_v1 = __shfl_xor_sync(0xffffffff,v5, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k4 = ex_k0;
    k5 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v4 = ex_v0;
    v5 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k6;
    ex_k1 = __shfl_xor_sync(0xffffffff,k7, mask);
    ex_v0 = v6;
    ex_v1 = __shfl_xor_sync(0xffffffff,v7, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k6 = ex_k0;
    k7 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v6 = ex_v0;
    v7 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k8;
    ex_k1 = __shfl_xor_sync(0xffffffff,k9, mask);
    ex_v0 = v8;
    ex_v1 = __shfl_xor_sync(0xffffffff,v9, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k8 = ex_k0;
    k9 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v8 = ex_v0;
    v9 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k10;
    ex_k1 = __shfl_xor_sync(0xffffffff,k11, mask);
    ex_v0 = v10;
    ex_v1 = __shfl_xor_sync(0xffffffff,v11, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k10 = ex_k0;
    k11 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v10 = ex_v0;
    v11 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k12;
    ex_k1 = __shfl_xor_sync(0xffffffff,k13, mask);
    ex_v0 = v12;
    ex_v1 = __shfl_xor_sync(0xffffffff,v13, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k12 = ex_k0;
    k13 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v12 = ex_v0;
    v13 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k14;
    ex_k1 = __shfl_xor_sync(0xffffffff,k15, mask);
    ex_v0 = v14;
    ex_v1 = __shfl_xor_sync(0xffffffff,v15, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k14 = ex_k0;
    k15 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v14 = ex_v0;
    v15 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k16;
    ex_k1 = __shfl_xor_sync(0xffffffff,k17, mask);
    ex_v0 = v16;
    ex_v1 = __shfl_xor_sync(0xffffffff,v17, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k16 = ex_k0;
    k17 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v16 = ex_v0;
    v17 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k18;
    ex_k1 = __shfl_xor_sync(0xffffffff,k19, mask);
    ex_v0 = v18;
    ex_v1 = __shfl_xor_sync(0xffffffff,v19, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k18 = ex_k0;
    k19 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v18 = ex_v0;
    v19 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k20;
    ex_k1 = __shfl_xor_sync(0xffffffff,k21, mask);
    ex_v0 = v20;
    ex_v1 = __shfl_xor_sync(0xffffffff,v21, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k20 = ex_k0;
    k21 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v20 = ex_v0;
    v21 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k22;
    ex_k1 = __shfl_xor_sync(0xffffffff,k23, mask);
    ex_v0 = v22;
    ex_v1 = __shfl_xor_sync(0xffffffff,v23, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k22 = ex_k0;
    k23 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v22 = ex_v0;
    v23 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k24;
    ex_k1 = __shfl_xor_sync(0xffffffff,k25, mask);
    ex_v0 = v24;
    ex_v1 = __shfl_xor_sync(0xffffffff,v25, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k24 = ex_k0;
    k25 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v24 = ex_v0;
    v25 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k26;
    ex_k1 = __shfl_xor_sync(0xffffffff,k27, mask);
    ex_v0 = v26;
    ex_v1 = __shfl_xor_sync(0xffffffff,v27, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k26 = ex_k0;
    k27 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v26 = ex_v0;
    v27 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k28;
    ex_k1 = __shfl_xor_sync(0xffffffff,k29, mask);
    ex_v0 = v28;
    ex_v1 = __shfl_xor_sync(0xffffffff,v29, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k28 = ex_k0;
    k29 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v28 = ex_v0;
    v29 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    ex_k0 = k30;
    ex_k1 = __shfl_xor_sync(0xffffffff,k31, mask);
    ex_v0 = v30;
    ex_v1 = __shfl_xor_sync(0xffffffff,v31, mask);
    CMP_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    if(bit) EQL_SWP(K, ex_k0, ex_k1, int, ex_v0, ex_v1);
    k30 = ex_k0;
    k31 = __shfl_xor_sync(0xffffffff,ex_k1, mask);
    v30 = ex_v0;
    v31 = __shfl_xor_sync(0xffffffff,ex_v1, mask);
    if(bit) SWP(K, k0, k1, int, v0, v1);
    if(bit) SWP(K, k2, k3, int, v2, v3);
    if(bit) SWP(K, k4, k5, int, v4, v5);
    if(bit) SWP(K, k6, k7, int, v6, v7);
    if(bit) SWP(K, k8, k9, int, v8, v9);
    if(bit) SWP(K, k10, k11, int, v10, v11);
    if(bit) SWP(K, k12, k13, int, v12, v13);
    if(bit) SWP(K, k14, k15, int, v14, v15);
    if(bit) SWP(K, k16, k17, int, v16, v17);
    if(bit) SWP(K, k18, k19, int, v18, v19);
    if(bit) SWP(K, k20, k21, int, v20, v21);
    if(bit) SWP(K, k22, k23, int, v22, v23);
    if(bit) SWP(K, k24, k25, int, v24, v25);
    if(bit) SWP(K, k26, k27, int, v26, v27);
    if(bit) SWP(K, k28, k29, int, v28, v29);
    if(bit) SWP(K, k30, k31, int, v30, v31);
}

// ---- bb_comput_s.h line 20 and lines 24-555
#include <limits>

template<class K>
__device__ 
int find_kth3(K* a, int aCount, K* b, int bCount, int diag)
{
    int begin = max(0, diag - bCount);
    int end = min(diag, aCount);
 
    while(begin < end) {
        int mid = (begin + end)>> 1;
        K aKey = a[mid];
        K bKey = b[diag - 1 - mid];
        bool pred = aKey <= bKey;
        if(pred) begin = mid + 1;
        else end = mid;
    }
    return begin;
}

template<class K, class T>
__global__
void gen_copy( 
    K *key, T *val, K *keyB, T *valB, int n, int *segs, int *bin, int bin_size, int length) {

    const int gid = threadIdx.x + blockIdx.x * blockDim.x;
    const int bin_it = gid;
    int k;
    int seg_size;
    if(bin_it < bin_size) {
        k = segs[bin[bin_it]];
        seg_size = ((bin[bin_it]==length-1)?n:segs[bin[bin_it]+1])-segs[bin[bin_it]];
        if(seg_size == 1)
        {
            keyB[k] = key[k];
            valB[k] = val[k];
        }
    }
}

/* block tcf subwarp coalesced quiet real_kern */
/*   256   1       2     false  true      true */
template<class K, class T>
__global__
void gen_bk256_wp2_tc1_r2_r2_orig( 
    K *key, T *val, K *keyB, T *valB, int n, int *segs, int *bin, int bin_size, int length) {

    const int gid = threadIdx.x + blockIdx.x * blockDim.x;
    const int bin_it = (gid>>1);
    const int tid = (threadIdx.x & 1);
    const int bit1 = (tid>>0)&0x1;
    K rg_k0 ;
    int rg_v0 ;
    int k;
    int seg_size;
    if(bin_it < bin_size) {
        k = segs[bin[bin_it]];
        seg_size = ((bin[bin_it]==length-1)?n:segs[bin[bin_it]+1])-segs[bin[bin_it]];
        rg_k0  = (tid+0   <seg_size)?key[k+tid+0   ]:std::numeric_limits<K>::max();
        if(tid+0   <seg_size) rg_v0  = tid+0   ;
        // sort 2 elements
        // exch_intxn: generate exch_intxn()
        exch_intxn(rg_k0 ,
                   rg_v0 ,
                   0x1,bit1);
        if((tid<<0)+0 <seg_size) keyB[k+(tid<<0)+0 ] = rg_k0 ;
        if((tid<<0)+0 <seg_size) valB[k+(tid<<0)+0 ] = val[k+rg_v0 ];
    }
}
/* block tcf subwarp coalesced quiet real_kern */
/*   128   2       2     false  true      true */
template<class K, class T>
__global__
void gen_bk128_wp2_tc2_r3_r4_orig( 
    K *key, T *val, K *keyB, T *valB, int n, int *segs, int *bin, int bin_size, int length) {

    const int gid = threadIdx.x + blockIdx.x * blockDim.x;
    const int bin_it = (gid>>1);
    const int tid = (threadIdx.x & 1);
    const int bit1 = (tid>>0)&0x1;
    K rg_k0 ;
    K rg_k1 ;
    int rg_v0 ;
    int rg_v1 ;
    int k;
    int seg_size;
    if(bin_it < bin_size) {
        k = segs[bin[bin_it]];
        seg_size = ((bin[bin_it]==length-1)?n:segs[bin[bin_it]+1])-segs[bin[bin_it]];
        rg_k0  = (tid+0   <seg_size)?key[k+tid+0   ]:std::numeric_limits<K>::max();
        rg_k1  = (tid+2   <seg_size)?key[k+tid+2   ]:std::numeric_limits<K>::max();
        if(tid+0   <seg_size) rg_v0  = tid+0   ;
        if(tid+2   <seg_size) rg_v1  = tid+2   ;
        // sort 4 elements
        // exch_intxn: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k1 ,int,rg_v0 ,rg_v1 );
        // exch_intxn: generate exch_intxn()
        exch_intxn(rg_k0 ,rg_k1 ,
                   rg_v0 ,rg_v1 ,
                   0x1,bit1);
        // exch_paral: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k1 ,int,rg_v0 ,rg_v1 );
        if((tid<<1)+0 <seg_size) keyB[k+(tid<<1)+0 ] = rg_k0 ;
        if((tid<<1)+1 <seg_size) keyB[k+(tid<<1)+1 ] = rg_k1 ;
        if((tid<<1)+0 <seg_size) valB[k+(tid<<1)+0 ] = val[k+rg_v0 ];
        if((tid<<1)+1 <seg_size) valB[k+(tid<<1)+1 ] = val[k+rg_v1 ];
    }
}
/* block tcf subwarp coalesced quiet real_kern */
/*   128   4       2     false  true      true */
template<class K, class T>
__global__
void gen_bk128_wp2_tc4_r5_r8_orig( 
    K *key, T *val, K *keyB, T *valB, int n, int *segs, int *bin, int bin_size, int length) {

    const int gid = threadIdx.x + blockIdx.x * blockDim.x;
    const int bin_it = (gid>>1);
    const int tid = (threadIdx.x & 1);
    const int bit1 = (tid>>0)&0x1;
    K rg_k0 ;
    K rg_k1 ;
    K rg_k2 ;
    K rg_k3 ;
    int rg_v0 ;
    int rg_v1 ;
    int rg_v2 ;
    int rg_v3 ;
    int k;
    int seg_size;
    if(bin_it < bin_size) {
        k = segs[bin[bin_it]];
        seg_size = ((bin[bin_it]==length-1)?n:segs[bin[bin_it]+1])-segs[bin[bin_it]];
        rg_k0  = (tid+0   <seg_size)?key[k+tid+0   ]:std::numeric_limits<K>::max();
        rg_k1  = (tid+2   <seg_size)?key[k+tid+2   ]:std::numeric_limits<K>::max();
        rg_k2  = (tid+4   <seg_size)?key[k+tid+4   ]:std::numeric_limits<K>::max();
        rg_k3  = (tid+6   <seg_size)?key[k+tid+6   ]:std::numeric_limits<K>::max();
        if(tid+0   <seg_size) rg_v0  = tid+0   ;
        if(tid+2   <seg_size) rg_v1  = tid+2   ;
        if(tid+4   <seg_size) rg_v2  = tid+4   ;
        if(tid+6   <seg_size) rg_v3  = tid+6   ;
        // sort 8 elements
        // exch_intxn: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k1 ,int,rg_v0 ,rg_v1 );
        CMP_SWP(K,rg_k2 ,rg_k3 ,int,rg_v2 ,rg_v3 );
        // exch_intxn: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k3 ,int,rg_v0 ,rg_v3 );
        CMP_SWP(K,rg_k1 ,rg_k2 ,int,rg_v1 ,rg_v2 );
        // exch_paral: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k1 ,int,rg_v0 ,rg_v1 );
        CMP_SWP(K,rg_k2 ,rg_k3 ,int,rg_v2 ,rg_v3 );
        // exch_intxn: generate exch_intxn()
        exch_intxn(rg_k0 ,rg_k1 ,rg_k2 ,rg_k3 ,
                   rg_v0 ,rg_v1 ,rg_v2 ,rg_v3 ,
                   0x1,bit1);
        // exch_paral: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k2 ,int,rg_v0 ,rg_v2 );
        CMP_SWP(K,rg_k1 ,rg_k3 ,int,rg_v1 ,rg_v3 );
        // exch_paral: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k1 ,int,rg_v0 ,rg_v1 );
        CMP_SWP(K,rg_k2 ,rg_k3 ,int,rg_v2 ,rg_v3 );
        if((tid<<2)+0 <seg_size) keyB[k+(tid<<2)+0 ] = rg_k0 ;
        if((tid<<2)+1 <seg_size) keyB[k+(tid<<2)+1 ] = rg_k1 ;
        if((tid<<2)+2 <seg_size) keyB[k+(tid<<2)+2 ] = rg_k2 ;
        if((tid<<2)+3 <seg_size) keyB[k+(tid<<2)+3 ] = rg_k3 ;
        if((tid<<2)+0 <seg_size) valB[k+(tid<<2)+0 ] = val[k+rg_v0 ];
        if((tid<<2)+1 <seg_size) valB[k+(tid<<2)+1 ] = val[k+rg_v1 ];
        if((tid<<2)+2 <seg_size) valB[k+(tid<<2)+2 ] = val[k+rg_v2 ];
        if((tid<<2)+3 <seg_size) valB[k+(tid<<2)+3 ] = val[k+rg_v3 ];
    }
}
/* block tcf subwarp coalesced quiet real_kern */
/*   128   4       4      true  true      true */
template<class K, class T>
__global__
void gen_bk128_wp4_tc4_r9_r16_strd( 
    K *key, T *val, K *keyB, T *valB, int n, int *segs, int *bin, int bin_size, int length) {

    const int gid = threadIdx.x + blockIdx.x * blockDim.x;
    const int bin_it = (gid>>2);
    const int tid = (threadIdx.x & 3);
    const int bit1 = (tid>>0)&0x1;
    const int bit2 = (tid>>1)&0x1;
    K rg_k0 ;
    K rg_k1 ;
    K rg_k2 ;
    K rg_k3 ;
    int rg_v0 ;
    int rg_v1 ;
    int rg_v2 ;
    int rg_v3 ;
    int normalized_bin_size = (bin_size/8)*8;
    int k;
    int seg_size;
    if(bin_it < bin_size) {
        k = segs[bin[bin_it]];
        seg_size = ((bin[bin_it]==length-1)?n:segs[bin[bin_it]+1])-segs[bin[bin_it]];
        rg_k0  = (tid+0   <seg_size)?key[k+tid+0   ]:std::numeric_limits<K>::max();
        rg_k1  = (tid+4   <seg_size)?key[k+tid+4   ]:std::numeric_limits<K>::max();
        rg_k2  = (tid+8   <seg_size)?key[k+tid+8   ]:std::numeric_limits<K>::max();
        rg_k3  = (tid+12  <seg_size)?key[k+tid+12  ]:std::numeric_limits<K>::max();
        if(tid+0   <seg_size) rg_v0  = tid+0   ;
        if(tid+4   <seg_size) rg_v1  = tid+4   ;
        if(tid+8   <seg_size) rg_v2  = tid+8   ;
        if(tid+12  <seg_size) rg_v3  = tid+12  ;
        // sort 16 elements
        // exch_intxn: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k1 ,int,rg_v0 ,rg_v1 );
        CMP_SWP(K,rg_k2 ,rg_k3 ,int,rg_v2 ,rg_v3 );
        // exch_intxn: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k3 ,int,rg_v0 ,rg_v3 );
        CMP_SWP(K,rg_k1 ,rg_k2 ,int,rg_v1 ,rg_v2 );
        // exch_paral: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k1 ,int,rg_v0 ,rg_v1 );
        CMP_SWP(K,rg_k2 ,rg_k3 ,int,rg_v2 ,rg_v3 );
        // exch_intxn: generate exch_intxn()
        exch_intxn(rg_k0 ,rg_k1 ,rg_k2 ,rg_k3 ,
                   rg_v0 ,rg_v1 ,rg_v2 ,rg_v3 ,
                   0x1,bit1);
        // exch_paral: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k2 ,int,rg_v0 ,rg_v2 );
        CMP_SWP(K,rg_k1 ,rg_k3 ,int,rg_v1 ,rg_v3 );
        // exch_paral: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k1 ,int,rg_v0 ,rg_v1 );
        CMP_SWP(K,rg_k2 ,rg_k3 ,int,rg_v2 ,rg_v3 );
        // exch_intxn: generate exch_intxn()
        exch_intxn(rg_k0 ,rg_k1 ,rg_k2 ,rg_k3 ,
                   rg_v0 ,rg_v1 ,rg_v2 ,rg_v3 ,
                   0x3,bit2);
        // exch_paral: generate exch_paral()
        exch_paral(rg_k0 ,rg_k1 ,rg_k2 ,rg_k3 ,
                   rg_v0 ,rg_v1 ,rg_v2 ,rg_v3 ,
                   0x1,bit1);
        // exch_paral: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k2 ,int,rg_v0 ,rg_v2 );
        CMP_SWP(K,rg_k1 ,rg_k3 ,int,rg_v1 ,rg_v3 );
        // exch_paral: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k1 ,int,rg_v0 ,rg_v1 );
        CMP_SWP(K,rg_k2 ,rg_k3 ,int,rg_v2 ,rg_v3 );
    }

    if(bin_it < normalized_bin_size) {
        // store back the results
        int lane_id = threadIdx.x & 31;
        rg_k1  = __shfl_xor_sync(0xffffffff,rg_k1 , 0x1 );
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x1 );
        rg_v1  = __shfl_xor_sync(0xffffffff,rg_v1 , 0x1 );
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x1 );
        if(lane_id&0x1 ) SWP(K, rg_k0 , rg_k1 , int, rg_v0 , rg_v1 );
        if(lane_id&0x1 ) SWP(K, rg_k2 , rg_k3 , int, rg_v2 , rg_v3 );
        rg_k1  = __shfl_xor_sync(0xffffffff,rg_k1 , 0x1 );
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x1 );
        rg_v1  = __shfl_xor_sync(0xffffffff,rg_v1 , 0x1 );
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x1 );
        rg_k2  = __shfl_xor_sync(0xffffffff,rg_k2 , 0x2 );
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x2 );
        rg_v2  = __shfl_xor_sync(0xffffffff,rg_v2 , 0x2 );
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x2 );
        if(lane_id&0x2 ) SWP(K, rg_k0 , rg_k2 , int, rg_v0 , rg_v2 );
        if(lane_id&0x2 ) SWP(K, rg_k1 , rg_k3 , int, rg_v1 , rg_v3 );
        rg_k2  = __shfl_xor_sync(0xffffffff,rg_k2 , 0x2 );
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x2 );
        rg_v2  = __shfl_xor_sync(0xffffffff,rg_v2 , 0x2 );
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x2 );
        rg_k1  = __shfl_xor_sync(0xffffffff,rg_k1 , 0x4 );
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x4 );
        rg_v1  = __shfl_xor_sync(0xffffffff,rg_v1 , 0x4 );
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x4 );
        if(lane_id&0x4 ) SWP(K, rg_k0 , rg_k1 , int, rg_v0 , rg_v1 );
        if(lane_id&0x4 ) SWP(K, rg_k2 , rg_k3 , int, rg_v2 , rg_v3 );
        rg_k1  = __shfl_xor_sync(0xffffffff,rg_k1 , 0x4 );
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x4 );
        rg_v1  = __shfl_xor_sync(0xffffffff,rg_v1 , 0x4 );
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x4 );
        rg_k2  = __shfl_xor_sync(0xffffffff,rg_k2 , 0x8 );
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x8 );
        rg_v2  = __shfl_xor_sync(0xffffffff,rg_v2 , 0x8 );
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x8 );
        if(lane_id&0x8 ) SWP(K, rg_k0 , rg_k2 , int, rg_v0 , rg_v2 );
        if(lane_id&0x8 ) SWP(K, rg_k1 , rg_k3 , int, rg_v1 , rg_v3 );
        rg_k2  = __shfl_xor_sync(0xffffffff,rg_k2 , 0x8 );
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x8 );
        rg_v2  = __shfl_xor_sync(0xffffffff,rg_v2 , 0x8 );
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x8 );
        rg_k1  = __shfl_xor_sync(0xffffffff,rg_k1 , 0x10);
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x10);
        rg_v1  = __shfl_xor_sync(0xffffffff,rg_v1 , 0x10);
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x10);
        if(lane_id&0x10) SWP(K, rg_k0 , rg_k1 , int, rg_v0 , rg_v1 );
        if(lane_id&0x10) SWP(K, rg_k2 , rg_k3 , int, rg_v2 , rg_v3 );
        rg_k1  = __shfl_xor_sync(0xffffffff,rg_k1 , 0x10);
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x10);
        rg_v1  = __shfl_xor_sync(0xffffffff,rg_v1 , 0x10);
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x10);
        int kk;
        int ss;
        int base = (lane_id/16)*16;
        kk = __shfl_sync(0xffffffff,k, 0 );
        ss = __shfl_sync(0xffffffff,seg_size, 0 );
        if((lane_id>>4)==0&&lane_id-base<ss) keyB[kk+lane_id-base] = rg_k0 ;
        kk = __shfl_sync(0xffffffff,k, 4 );
        ss = __shfl_sync(0xffffffff,seg_size, 4 );
        if((lane_id>>4)==1&&lane_id-base<ss) keyB[kk+lane_id-base] = rg_k0 ;
        kk = __shfl_sync(0xffffffff,k, 8 );
        ss = __shfl_sync(0xffffffff,seg_size, 8 );
        if((lane_id>>4)==0&&lane_id-base<ss) keyB[kk+lane_id-base] = rg_k2 ;
        kk = __shfl_sync(0xffffffff,k, 12);
        ss = __shfl_sync(0xffffffff,seg_size, 12);
        if((lane_id>>4)==1&&lane_id-base<ss) keyB[kk+lane_id-base] = rg_k2 ;
        kk = __shfl_sync(0xffffffff,k, 16);
        ss = __shfl_sync(0xffffffff,seg_size, 16);
        if((lane_id>>4)==0&&lane_id-base<ss) keyB[kk+lane_id-base] = rg_k1 ;
        kk = __shfl_sync(0xffffffff,k, 20);
        ss = __shfl_sync(0xffffffff,seg_size, 20);
        if((lane_id>>4)==1&&lane_id-base<ss) keyB[kk+lane_id-base] = rg_k1 ;
        kk = __shfl_sync(0xffffffff,k, 24);
        ss = __shfl_sync(0xffffffff,seg_size, 24);
        if((lane_id>>4)==0&&lane_id-base<ss) keyB[kk+lane_id-base] = rg_k3 ;
        kk = __shfl_sync(0xffffffff,k, 28);
        ss = __shfl_sync(0xffffffff,seg_size, 28);
        if((lane_id>>4)==1&&lane_id-base<ss) keyB[kk+lane_id-base] = rg_k3 ;
        kk = __shfl_sync(0xffffffff,k, 0 );
        ss = __shfl_sync(0xffffffff,seg_size, 0 );
        if((lane_id>>4)==0&lane_id-base<ss) valB[kk+lane_id-base] = val[kk+rg_v0 ];
        kk = __shfl_sync(0xffffffff,k, 4 );
        ss = __shfl_sync(0xffffffff,seg_size, 4 );
        if((lane_id>>4)==1&lane_id-base<ss) valB[kk+lane_id-base] = val[kk+rg_v0 ];
        kk = __shfl_sync(0xffffffff,k, 8 );
        ss = __shfl_sync(0xffffffff,seg_size, 8 );
        if((lane_id>>4)==0&lane_id-base<ss) valB[kk+lane_id-base] = val[kk+rg_v2 ];
        kk = __shfl_sync(0xffffffff,k, 12);
        ss = __shfl_sync(0xffffffff,seg_size, 12);
        if((lane_id>>4)==1&lane_id-base<ss) valB[kk+lane_id-base] = val[kk+rg_v2 ];
        kk = __shfl_sync(0xffffffff,k, 16);
        ss = __shfl_sync(0xffffffff,seg_size, 16);
        if((lane_id>>4)==0&lane_id-base<ss) valB[kk+lane_id-base] = val[kk+rg_v1 ];
        kk = __shfl_sync(0xffffffff,k, 20);
        ss = __shfl_sync(0xffffffff,seg_size, 20);
        if((lane_id>>4)==1&lane_id-base<ss) valB[kk+lane_id-base] = val[kk+rg_v1 ];
        kk = __shfl_sync(0xffffffff,k, 24);
        ss = __shfl_sync(0xffffffff,seg_size, 24);
        if((lane_id>>4)==0&lane_id-base<ss) valB[kk+lane_id-base] = val[kk+rg_v3 ];
        kk = __shfl_sync(0xffffffff,k, 28);
        ss = __shfl_sync(0xffffffff,seg_size, 28);
        if((lane_id>>4)==1&lane_id-base<ss) valB[kk+lane_id-base] = val[kk+rg_v3 ];
    } else if(bin_it < bin_size) {
        if((tid<<2)+0 <seg_size) keyB[k+(tid<<2)+0 ] = rg_k0 ;
        if((tid<<2)+1 <seg_size) keyB[k+(tid<<2)+1 ] = rg_k1 ;
        if((tid<<2)+2 <seg_size) keyB[k+(tid<<2)+2 ] = rg_k2 ;
        if((tid<<2)+3 <seg_size) keyB[k+(tid<<2)+3 ] = rg_k3 ;
        if((tid<<2)+0 <seg_size) valB[k+(tid<<2)+0 ] = val[k+rg_v0 ];
        if((tid<<2)+1 <seg_size) valB[k+(tid<<2)+1 ] = val[k+rg_v1 ];
        if((tid<<2)+2 <seg_size) valB[k+(tid<<2)+2 ] = val[k+rg_v2 ];
        if((tid<<2)+3 <seg_size) valB[k+(tid<<2)+3 ] = val[k+rg_v3 ];
    }
}
/* block tcf subwarp coalesced quiet real_kern */
/*   128   4       8      true  true      true */
template<class K, class T>
__global__
void gen_bk128_wp8_tc4_r17_r32_strd( 
    K *key, T *val, K *keyB, T *valB, int n, int *segs, int *bin, int bin_size, int length) {

    const int gid = threadIdx.x + blockIdx.x * blockDim.x;
    const int bin_it = (gid>>3);
    const int tid = (threadIdx.x & 7);
    const int bit1 = (tid>>0)&0x1;
    const int bit2 = (tid>>1)&0x1;
    const int bit3 = (tid>>2)&0x1;
    K rg_k0 ;
    K rg_k1 ;
    K rg_k2 ;
    K rg_k3 ;
    int rg_v0 ;
    int rg_v1 ;
    int rg_v2 ;
    int rg_v3 ;
    int normalized_bin_size = (bin_size/4)*4;
    int k;
    int seg_size;
    if(bin_it < bin_size) {
        k = segs[bin[bin_it]];
        seg_size = ((bin[bin_it]==length-1)?n:segs[bin[bin_it]+1])-segs[bin[bin_it]];
        rg_k0  = (tid+0   <seg_size)?key[k+tid+0   ]:std::numeric_limits<K>::max();
        rg_k1  = (tid+8   <seg_size)?key[k+tid+8   ]:std::numeric_limits<K>::max();
        rg_k2  = (tid+16  <seg_size)?key[k+tid+16  ]:std::numeric_limits<K>::max();
        rg_k3  = (tid+24  <seg_size)?key[k+tid+24  ]:std::numeric_limits<K>::max();
        if(tid+0   <seg_size) rg_v0  = tid+0   ;
        if(tid+8   <seg_size) rg_v1  = tid+8   ;
        if(tid+16  <seg_size) rg_v2  = tid+16  ;
        if(tid+24  <seg_size) rg_v3  = tid+24  ;
        // sort 32 elements
        // exch_intxn: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k1 ,int,rg_v0 ,rg_v1 );
        CMP_SWP(K,rg_k2 ,rg_k3 ,int,rg_v2 ,rg_v3 );
        // exch_intxn: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k3 ,int,rg_v0 ,rg_v3 );
        CMP_SWP(K,rg_k1 ,rg_k2 ,int,rg_v1 ,rg_v2 );
        // exch_paral: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k1 ,int,rg_v0 ,rg_v1 );
        CMP_SWP(K,rg_k2 ,rg_k3 ,int,rg_v2 ,rg_v3 );
        // exch_intxn: generate exch_intxn()
        exch_intxn(rg_k0 ,rg_k1 ,rg_k2 ,rg_k3 ,
                   rg_v0 ,rg_v1 ,rg_v2 ,rg_v3 ,
                   0x1,bit1);
        // exch_paral: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k2 ,int,rg_v0 ,rg_v2 );
        CMP_SWP(K,rg_k1 ,rg_k3 ,int,rg_v1 ,rg_v3 );
        // exch_paral: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k1 ,int,rg_v0 ,rg_v1 );
        CMP_SWP(K,rg_k2 ,rg_k3 ,int,rg_v2 ,rg_v3 );
        // exch_intxn: generate exch_intxn()
        exch_intxn(rg_k0 ,rg_k1 ,rg_k2 ,rg_k3 ,
                   rg_v0 ,rg_v1 ,rg_v2 ,rg_v3 ,
                   0x3,bit2);
        // exch_paral: generate exch_paral()
        exch_paral(rg_k0 ,rg_k1 ,rg_k2 ,rg_k3 ,
                   rg_v0 ,rg_v1 ,rg_v2 ,rg_v3 ,
                   0x1,bit1);
        // exch_paral: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k2 ,int,rg_v0 ,rg_v2 );
        CMP_SWP(K,rg_k1 ,rg_k3 ,int,rg_v1 ,rg_v3 );
        // exch_paral: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k1 ,int,rg_v0 ,rg_v1 );
        CMP_SWP(K,rg_k2 ,rg_k3 ,int,rg_v2 ,rg_v3 );
        // exch_intxn: generate exch_intxn()
        exch_intxn(rg_k0 ,rg_k1 ,rg_k2 ,rg_k3 ,
                   rg_v0 ,rg_v1 ,rg_v2 ,rg_v3 ,
                   0x7,bit3);
        // exch_paral: generate exch_paral()
        exch_paral(rg_k0 ,rg_k1 ,rg_k2 ,rg_k3 ,
                   rg_v0 ,rg_v1 ,rg_v2 ,rg_v3 ,
                   0x2,bit2);
        // exch_paral: generate exch_paral()
        exch_paral(rg_k0 ,rg_k1 ,rg_k2 ,rg_k3 ,
                   rg_v0 ,rg_v1 ,rg_v2 ,rg_v3 ,
                   0x1,bit1);
        // exch_paral: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k2 ,int,rg_v0 ,rg_v2 );
        CMP_SWP(K,rg_k1 ,rg_k3 ,int,rg_v1 ,rg_v3 );
        // exch_paral: switch to exch_local()
        CMP_SWP(K,rg_k0 ,rg_k1 ,int,rg_v0 ,rg_v1 );
        CMP_SWP(K,rg_k2 ,rg_k3 ,int,rg_v2 ,rg_v3 );
    }

    if(bin_it < normalized_bin_size) {
        // store back the results
        int lane_id = threadIdx.x & 31;
        rg_k1  = __shfl_xor_sync(0xffffffff,rg_k1 , 0x1 );
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x1 );
        rg_v1  = __shfl_xor_sync(0xffffffff,rg_v1 , 0x1 );
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x1 );
        if(lane_id&0x1 ) SWP(K, rg_k0 , rg_k1 , int, rg_v0 , rg_v1 );
        if(lane_id&0x1 ) SWP(K, rg_k2 , rg_k3 , int, rg_v2 , rg_v3 );
        rg_k1  = __shfl_xor_sync(0xffffffff,rg_k1 , 0x1 );
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x1 );
        rg_v1  = __shfl_xor_sync(0xffffffff,rg_v1 , 0x1 );
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x1 );
        rg_k2  = __shfl_xor_sync(0xffffffff,rg_k2 , 0x2 );
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x2 );
        rg_v2  = __shfl_xor_sync(0xffffffff,rg_v2 , 0x2 );
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x2 );
        if(lane_id&0x2 ) SWP(K, rg_k0 , rg_k2 , int, rg_v0 , rg_v2 );
        if(lane_id&0x2 ) SWP(K, rg_k1 , rg_k3 , int, rg_v1 , rg_v3 );
        rg_k2  = __shfl_xor_sync(0xffffffff,rg_k2 , 0x2 );
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x2 );
        rg_v2  = __shfl_xor_sync(0xffffffff,rg_v2 , 0x2 );
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x2 );
        rg_k1  = __shfl_xor_sync(0xffffffff,rg_k1 , 0x4 );
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x4 );
        rg_v1  = __shfl_xor_sync(0xffffffff,rg_v1 , 0x4 );
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x4 );
        if(lane_id&0x4 ) SWP(K, rg_k0 , rg_k1 , int, rg_v0 , rg_v1 );
        if(lane_id&0x4 ) SWP(K, rg_k2 , rg_k3 , int, rg_v2 , rg_v3 );
        rg_k1  = __shfl_xor_sync(0xffffffff,rg_k1 , 0x4 );
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x4 );
        rg_v1  = __shfl_xor_sync(0xffffffff,rg_v1 , 0x4 );
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x4 );
        rg_k2  = __shfl_xor_sync(0xffffffff,rg_k2 , 0x8 );
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x8 );
        rg_v2  = __shfl_xor_sync(0xffffffff,rg_v2 , 0x8 );
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x8 );
        if(lane_id&0x8 ) SWP(K, rg_k0 , rg_k2 , int, rg_v0 , rg_v2 );
        if(lane_id&0x8 ) SWP(K, rg_k1 , rg_k3 , int, rg_v1 , rg_v3 );
        rg_k2  = __shfl_xor_sync(0xffffffff,rg_k2 , 0x8 );
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x8 );
        rg_v2  = __shfl_xor_sync(0xffffffff,rg_v2 , 0x8 );
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x8 );
        rg_k1  = __shfl_xor_sync(0xffffffff,rg_k1 , 0x10);
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x10);
        rg_v1  = __shfl_xor_sync(0xffffffff,rg_v1 , 0x10);
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x10);
        if(lane_id&0x10) SWP(K, rg_k0 , rg_k1 , int, rg_v0 , rg_v1 );
        if(lane_id&0x10) SWP(K, rg_k2 , rg_k3 , int, rg_v2 , rg_v3 );
        rg_k1  = __shfl_xor_sync(0xffffffff,rg_k1 , 0x10);
        rg_k3  = __shfl_xor_sync(0xffffffff,rg_k3 , 0x10);
        rg_v1  = __shfl_xor_sync(0xffffffff,rg_v1 , 0x10);
        rg_v3  = __shfl_xor_sync(0xffffffff,rg_v3 , 0x10);
        int kk;
        int ss;
        kk = __shfl_sync(0xffffffff,k, 0 );
        ss = __shfl_sync(0xffffffff,seg_size, 0 );
        if(lane_id+0  <ss) keyB[kk+lane_id+0  ] = rg_k0 ;
        kk = __shfl_sync(0xffffffff,k, 8 );
        ss = __shfl_sync(0xffffffff,seg_size, 8 );
        if(lane_id+0  <ss) keyB[kk+lane_id+0  ] = rg_k2 ;
        kk = __shfl_sync(0xffffffff,k, 16);
        ss = __shfl_sync(0xffffffff,seg_size, 16);
        if(lane_id+0  <ss) keyB[kk+lane_id+0  ] = rg_k1 ;
        kk = __shfl_sync(0xffffffff,k, 24);
        ss = __shfl_sync(0xffffffff,seg_size, 24);
        if(lane_id+0  <ss) keyB[kk+lane_id+0  ] = rg_k3 ;
        kk = __shfl_sync(0xffffffff,k, 0 );
        ss = __shfl_sync(0xffffffff,seg_size, 0 );
        if(lane_id+0  <ss) valB[kk+lane_id+0  ] = val[kk+rg_v0 ];
        kk = __shfl_sync(0xffffffff,k, 8 );
        ss = __shfl_sync(0xffffffff,seg_size, 8 );
        if(lane_id+0  <ss) valB[kk+lane_id+0  ] = val[kk+rg_v2 ];
        kk = __shfl_sync(0xffffffff,k, 16);
        ss = __shfl_sync(0xffffffff,seg_size, 16);
        if(lane_id+0  <ss) valB[kk+lane_id+0  ] = val[kk+rg_v1 ];
        kk = __shfl_sync(0xffffffff,k, 24);
        ss = __shfl_sync(0xffffffff,seg_size, 24);
        if(lane_id+0  <ss) valB[kk+lane_id+0  ] = val[kk+rg_v3 ];
    } else if(bin_it < bin_size) {
        if((tid<<2)+0 <seg_size) keyB[k+(tid<<2)+0 ] = rg_k0 ;
        if((tid<<2)+1 <seg_size) keyB[k+(tid<<2)+1 ] = rg_k1 ;
        if((tid<<2)+2 <seg_size) keyB[k+(tid<<2)+2 ] = rg_k2 ;
        if((tid<<2)+3 <seg_size) keyB[k+(tid<<2)+3 ] = rg_k3 ;
        if((tid<<2)+0 <seg_size) valB[k+(tid<<2)+0 ] = val[k+rg_v0 ];
        if((tid<<2)+1 <seg_size) valB[k+(tid<<2)+1 ] = val[k+rg_v1 ];
        if((tid<<2)+2 <seg_size) valB[k+(tid<<2)+2 ] = val[k+rg_v2 ];
        if((tid<<2)+3 <seg_size) valB[k+(tid<<2)+3 ] = val[k+rg_v3 ];
    }
}
