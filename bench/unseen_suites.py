"""Issue 23's unseen suites together: totals equal to ncu's, suite by suite, from `bench/fidelity.py
--compare --json` files (docs/FIDELITY.md).

    python bench/unseen_suites.py COMPARE.json [COMPARE.json ...]

Each launch is counted once, from the first file that compared it (give the newest recording first).
A suite is its collection files' prefixes. "every total" counts the set-apart ones too, "kernel totals"
leaves them out, as bench/fidelity.py's summary does. The last row, "every launch", is issue 23's first
line: every launch the files compared, kernels/, the collection and the reproductions, suite or not.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from recorded import read_json  # noqa: E402  (plain or gzipped recordings)

SUITES = {
    "gpu-mode lectures + Rodinia 3.1 (unseen23)": ("gpumode_", "rodinia_"),
    "PolyBench/GPU + Parboil (unseen24)": ("polybench_", "parboil_"),
    "SHOC + HeCBench (unseen25)": ("shoc_", "hecbench_"),
    "Lei Mao + Kernel Tuner + the CUDA Handbook (unseen26)": ("leimao_", "kt_", "handbook_"),
    "Chai + LeetCUDA (unseen27)": ("chai_", "leetcuda_"),
    "cuda_hgemm + ENCCS + OLCF hw8 (unseen28)": ("hgemm_", "enccs_", "olcf_"),
    "How_to_optimize_in_GPU + PRK (unseen29)": ("howto_", "prk_"),
    "Hetero-Mark + Altis (unseen30)": ("heteromark_", "altis_"),
    "CUDA-Programming + BabelStream (unseen31)": ("fan_", "babel_"),
    "XSBench + CoffeeBeforeArch (unseen32)": ("xsbench_", "cba_"),
    "jcuda-samples + multi-gpu-programming-models (unseen33)": ("jcuda_", "mgpm_"),
    "CuPy + PyCUDA examples (unseen34)": ("cupy_", "pycuda_"),
    "CUB examples + how-to-optimize-gemm (unseen35)": ("cub_ex_", "htog_"),
    "hardware-effects-gpu + mumax3 (unseen36)": ("hwfx_", "mumax_"),
    "RSBench + miniBUDE (unseen37)": ("rsbench_", "minibude_"),
    "llama2.cu + mini-nbody (unseen38)": ("llama2cu_", "mininbody_"),
    "mochimo's hashes + CUDA-GECKO (unseen39)": ("mochimo_", "gecko_"),
    "Image-Processing-CUDA + parallel-etudes (unseen40)": ("tiagoorl_", "etudes_"),
    "PMPP-Learning + SParry (unseen41)": ("pmppl_", "sparry_"),
    "ising-gpu + lid-driven cavity (unseen42)": ("isinggpu_", "cavity_"),
    "cudacodes + CUDA_Kernel_Samples (unseen43)": ("cudacodes_", "tongkai_"),
    "PackUp + LOGAN (unseen44)": ("packup_", "logan_"),
    "lollipop + bemap (unseen45)": ("lollipop_", "bemap_"),
    "Vaidya + Tuomanen, Packt (unseen46)": ("vaidya_", "tuomanen_"),
    "cuda_filters + tensorrtx (unseen47)": ("dtananaev_", "trtx_"),
    "heat-equation CG + CSC course (unseen48)": ("finger_", "csc_"),
    "md-cpu-gpu + SPH_3D_CUDA (unseen49)": ("mdgpu_", "sph3d_"),
    "Simple_SPMV + ParallelGraphColoring (unseen50)": ("sspmv_", "pgc_"),
    "cuda-kmer-counting + CUDA-ALIGN-DNA (unseen51)": ("cudakmer_", "aligndna_"),
    "CUDA-Kernels-Demo + Jacobi_CUDA (unseen52)": ("ckd_", "qz_"),
    "PFFDTD + FWI (unseen53)": ("pffdtd_", "fwi_"),
    "BenLib + pybind11-cuda CRC-32 (unseen54)": ("benlib_", "pbcrc_"),
    "cuSignal + libfalcon_dsp signal processing (unseen55)": ("cusig_", "falcon_"),
    "Game of Life + GPU-LBMsim (unseen56)": ("cudalife_", "lbmsim_"),
    "CUDA_AES + jax-chacha-prng symmetric cryptography (unseen57)": ("caes_", "jaxcha_"),
    "cuda-bwt + CULZSS (unseen58)": ("cudabwt_", "culzss_"),
    "fast-cuda-gpu-dbscan G-DBSCAN + GridKnn-Cuda grid 1-NN (unseen59)": ("gdbscan_", "gridknn_"),
    "betweenness-centrality-gpu Brandes kernels (unseen61)": ("bcgpu_",),
    "UGENE CUDA Smith-Waterman + Swift Smith-Waterman (unseen60)": ("ugenesw_", "swift_"),
    "parallel-jump-flooding-voronoi JFA + Pointnet2_PyTorch point-cloud ops (unseen62)": ("jfavor_", "pn2ops_"),
    "tridiagonalsolvers CR/PCR/CR-PCR + TridiagonalSolver Thomas/CR (unseen63)": ("zytri_", "kltri_"),
    "Tree-Layouts search queries + gpu-topk radix select (unseen64)": ("treelay_", "gtopk_"),
    "SMFFT + QPanda GPU gates (unseen65)": ("smfft_", "qpgpu_"),
    "CUDA_CCL Playne-equivalence labelling + sycl-optic-flow CUDA Lucas-Kanade (unseen66)": ("fvccl_", "soflow_"),
    "ECL-Suite CC/MIS + Gardenia CC/PageRank (unseen67)": ("eclsu_", "gard_"),
    "Caffe pooling/embed/dropout/softmax-loss + dfdx dropout (unseen68)": ("caffe_", "dfdx_"),
    "MTGP + JAX threefry (unseen69)": ("mtgp_", "jaxtf_"),
    "neural_renderer textures + Mandelbrot-SIMD-and-GPU (unseen70)": ("neurend_", "mbsimd_"),
    "GPJSON structural index + CUDA-grep NFA regex (unseen71)": ("gpjson_", "cugrep_"),
    "CUDA_FDTD_2D acoustic wave + GPU Ocean FBL east-west boundaries (unseen72)": ("ovwave_", "gpuocean_"),
    "gpu-sql-operators + SimpleGPUHashTable (unseen73)": ("gsql_", "sgpuht_"),
    "CUDA-SHA256-SHA3 + cudacha20 (unseen74)": ("sorasha_", "cudacha_"),
    "fastvol BSM/binomial/trinomial + Monte-Carlo-cuda LSM American options (unseen75)": ("fvol_", "lsmmc_"),
    "cellGPU Brownian/Langevin/active-particle noise + CudaPercolation (unseen76)": ("cellgpu_", "cperc_"),
    "serban/kmeans + ThunderSVM kernel matrices and SMO (unseen77)": ("skm_", "tsvm_"),
    "tiny-flash-attention + cuflash-attn FlashAttention forward/backward (unseen78)": ("tinyfa_", "cuflash_"),
    "gpudct JPEG IDCT + PDWT Haar wavelets (unseen79)": ("gdct_", "pdwt_"),
    "GeoRsGPU terrain functors + nvidia-jetson-workload DEM kernels (unseen80)": ("georsg_", "jetgeo_"),
    "CUDACFD_out NavSt2DIncompFiniteDiff + cuIBM explicit momentum terms (unseen81)": ("eycfd_", "cuibm_"),
    "tsp2opt_cuda 2-opt step + GPU-accelerated-tree-search N-Queens evaluation (unseen83)": ("tsp2opt_", "gpuat_"),
    "cuHE mod-P arithmetic (inline PTX carries) + atpqc-cuda Kyber NTT and polynomial arithmetic (unseen82)": ("cuhe_", "atpqc_"),
    "murmur-cuda MurmurHash3 batch + bloom-cuda Bloom filter add and test (unseen85)": ("murcu_", "blmcu_"),
    "pcseg voxel-neighbourhood sampling and segmentation + range_libc ray marching (unseen84)": ("pcseg_", "rangelib_"),
    "GEG2 chapter 22 Verlet cloth + AGAL D2Q9 lattice Boltzmann set_ic/collide/stream (unseen86)": ("gegcl_", "agal_"),
    "torch-ngp NeRF ray marching + cu-smallpt path tracer (unseen87)": ("tngp_", "cusmpt_"),
    "cudaCompress packInc/RLE + PAVLE Huffman encoder and pack2 (unseen88)": ("ccmp_", "pavle_"),
    "Gauss-Legendre-Spherical-t Coulomb sums + MindSpore SPONGE leap-frog/grid/temperature (unseen89)": ("glst_", "msponge_"),
    "Bifrost FDMT init/step + seticore Taylor-tree dedoppler (unseen90)": ("bffdmt_", "seti_"),
    "Qulacs GPU named gates + QuEST v3.5.0 GPU gates, measurement probability and collapse (unseen91)": ("qulacs_", "quest_"),
    "TIGRE total-variation step + LEAP FBP ray/view weights, CT reconstruction (unseen92)": ("tigre_", "leapct_"),
    "libSGM census transforms + CudaSift pyramid ScaleDown/ScaleUp/LowPassBlock (unseen93)": ("sgm_", "csift_"),
    "llama_cu_awq AWQ int4 matvec/RMSNorm/RoPE + ExLlama RMSNorm and rotary embedding (unseen94)": ("lcawq_", "exl_"),
    "Crystal SSB queries 1.1/2.1 and projection + OpenMM stream compaction (unseen95)": ("crystal_", "ommcmp_"),
    "vilib FAST corner LUT/response and pyramid half-sampling + jetson-utils perspective/affine and lens-distortion warps (unseen99)": ("vilib_", "jetu_"),
    "cuTimeWarp Soft-DTW forward/backward and distances + linmdtw DTW anti-diagonal step (unseen101)": ("ctw_", "lmdtw_"),
    "TurboTransformers bias+activation/LayerNorm/masked softmax/embedding + LightSeq general kernels (unseen97)": ("turbot_", "lseq_"),
    "GraphBIG triangle counting and k-core + cuStinger CSR triangle counting (unseen98)": ("gbig_", "cstg_"),
    "cuda-lbvh Karras LBVH build + cuNSearch uniform-grid neighbour search (unseen100)": ("nlbvh_", "cunsrch_"),
    "GE-SpMM CSR SpMM + dgSPARSE CSR SDDMM (unseen96)": ("gespmm_", "dgsddmm_"),
    "StencilBenchmarks z-marching star stencils + NPB-GPU MG 27-point multigrid operators (unseen102)": ("kcsten_", "npbmg_"),
    "TensorStream NV12 colour conversions + FFmpeg colorspace_cuda/overlay_cuda (unseen103)": ("tstrm_", "ffcu_"),
    "bitsandbytes blockwise 8-bit/NF4 quantisation and 32-bit Adam + HQQ low-bit unpack/dequantise (unseen108)": ("bnb_", "hqq_"),
    "GPUSorting DeviceRadixSort + GPUPrefixSums reduce-then-scan and decoupled-lookback scans (unseen104)": ("gpusort_", "gpupfx_"),
    "imgdistort affine warp and grey-scale morphology + OpenCV cudaimgproc Hough lines (unseen107)": ("imgd_", "ocvh_"),
    "cuSZ quantisation-code histograms + cuSZp 1-D fixed/plain compressor (unseen105)": ("cuszh_", "cuszp_"),
    "MNN CUDA LayerNorm execution (row, unrolled, adaptive, NC4HW4) + TNN CUDA LayerNorm/InstanceNorm layers (unseen110)": ("mnncu_", "tnncu_"),
    "cuFINUFFT 1-D spread/interp + BART GPU Kaiser-Bessel gridding (unseen106)": ("cufi1d_", "bartgrid_"),
    "Cholla particle-mesh CIC density/gradient/interpolation + Bonsai direct gravity and block-timestep integrator (unseen109)": ("cholla_", "bonsai_"),
    "GPU-NTT four-step transpose/32-point NTT + CAT SEAL 60-bit NTT/INTT with Barrett and madc carries (unseen111)": ("gpuntt_", "catseal_"),
    "ChamferDistancePytorch 3-D Chamfer search/gradient + mmcv furthest point sampling, kNN and three-NN (unseen116)": ("tgchamf_", "mmcv3d_"),
    "VapourSynth-BilateralGPU bilateral/joint-bilateral (cp.async tiles) + CCPi ROF total-variation denoising 2D/3D (unseen117)": ("vsbil_", "ccpitv_"),
    "PaddlePaddle edit-distance anti-diagonal Levenshtein + PFAC failureless Aho-Corasick matcher (unseen118)": ("pdled_", "pfac_"),
    "Paddle-Lite CUDA max/avg/adaptive/global pooling + darknet batch-norm forward/backward kernels (unseen119)": ("pdlite_", "dnbn_"),
    "GPUMD cell and neighbour lists + DeePMD-kit ghost-atom cell list (unseen112)": ("gpumd_", "deepmd_"),
    "PyTorch3D point z-buffer splats and coarse bin masks + SoftRas soft triangle rasteriser (unseen114)": ("p3dr_", "softras_"),
    "CudaTree random-forest prediction/bootstrap + LightGBM CUDA binary log-loss objective (unseen115)": ("ctree_", "lgbm_"),
    "warp-rnnt RNN-T alphas/betas (spin-chained blocks)/gradients/costs + warp-transducer RNN-T log-softmax/lattices/gradient (unseen113)": ("wrnnt_", "wtrans_"),
    "WarpDrive Tag GridWorld agent step (shared tag count/distances) + AI Economist COVID-19 SIR/economy step and rewards (unseen125)": ("wdtag_", "aecov_"),
    "cuTT + LibreTT tensor transposes: Tiled/Packed/PackedSplit/TiledCopy with shuffle-summed strides (unseen120)": ("cutt_", "librett_"),
    "KBLAS batched register Cholesky + matrixInversion batched shared-memory LU inversion (unseen121)": ("kblaspo_", "mtxinv_"),
    "TorchSparse two-level cuckoo hash map (bucketing, shared-memory cuckoo insert, lookup) + CUDPP cuckoo hash table with a stash (clear, build, retrieve; 2-5 functions) (unseen122)": ("tsphm_", "cudppht_"),
    "NeutronStarLite fused GCN aggregation (shared-atomic accumulators, CSC/CSR, weighted) + GSuite scatter-reduce/index_select (pytorch_scatter atomics) (unseen123)": ("ntsl_", "gsuite_"),
    "Kaolin point-to-triangle distance forward/backward + Warp hash grid cell ranges, narrow and broad phase (unseen124)": ("kaotd_", "wphg_"),
    "NiftyReg device LTS rigid/affine fit and affine deformation field + FlowNet2 correlation cost volume and Resample2d flow warping (unseen126)": ("nreg_", "fn2_"),
    "MPGOS per-thread RK4/RKCK45 ODE ensembles + The Virtual Brain RateML neural-mass Euler models and BOLD (unseen127)": ("mpgos_", "tvbrml_"),
    "vLLM MoE align-block-size/batched align/count-and-sort/moe_sum + SGLang MoE problem sizes, offsets, arg sorts and shuffle-mul-sum (unseen128)": ("vllmmoe_", "sglmoe_"),
    "flashlight force-alignment criterion forward/backward/Viterbi + target sizes/scales + PyTorch CTC loss alphas/betas/gradient (unseen129)": ("flseq_", "ptctc_"),
    "cuLDPC QC-LDPC min-sum check/variable-node kernels (WiMAX, shared message cache) + redset GF(2^8) Reed-Solomon multiply-accumulate/scale/XOR (unseen130)": ("culdpc_", "redset_"),
    "OpenPCDet RoI-aware pooling and points-in-boxes + Det3D rotated BEV box overlap, IoU and NMS masks (unseen131)": ("opcdra_", "d3diou_"),
    "llama.cpp ggml bitonic argsort + ONNX Runtime GenAI block/distributed selection-sort top-k (spin-waited lock) (unseen132)": ("ggmlas_", "ortgtk_"),
    "MDT PFB channeliser window/polyphase FIR/corner turn + ARRUS RF band-pass FIR, quadrature demodulation, low-pass FIR and decimation (unseen133)": ("mdtfx_", "arrdsp_"),
    "mc_on_accelerators Monte Carlo cross section lookup (Philox/LCG stochastic interpolation) + GPU-MCML photon migration thread-state init and A_rz copy sum (unseen135)": ("mcxsl_", "gpumcml_"),
    "YACCLAB Oliveira union-find CCL (local/global merge, path compression) + kinap Canny gradient/NMS/hysteresis (unseen134)": ("yacuf_", "kcanny_"),
    "gsplat v0.1.13 intersection keys, tile bins and shared-memory tile rasterisers + SplatRender atomic tiling, bitonic per-tile sort and alpha blending (unseen136)": ("gspl_", "splr_"),
    "RWKV-LM RWKV-2 TimeX forward/backward + RWKV-4/4neo WKV forward/backward + ChatRWKV WKV forward with carried state (unseen137)": ("rwkvlm_", "chatrwkv_"),
    "HugeCTR sparse-embedding forward sum/mean pooling over ragged slots + DLRM embedding gather, fused 26-feature lookup and fused SGD backward (unseen138)": ("hctr_", "nvdlrm_"),
    "sppark prefix scan over the Goldilocks field (add.cc/addc carries, grid.sync) + BitCrack secp256k1 multiply step (madc carry chains, batch inversion) (unseen139)": ("sppark_", "bitcrk_"),
    "tsdf-fusion TSDF integration (demo and old-version KinectFusion kernels) + tsdf-fusion-python TSDF and colour integration (unseen140)": ("tsdff_", "tsdfpy_"),
    "GPUJPEG AAN DCT + quantisation and lifting IDCT + KFM spp-style DCT deblocking, qp table and show (unseen141)": ("gpujpg_", "kfmdb_"),
    "PyTorch Cluster grid/random walks/radius/kNN/nearest/FPS + PyTorch Sparse ind2ptr/ptr2ind/non-diagonal mask/random walk/CSR SpMM and its value gradient (unseen142)": ("pycl_", "pyts_"),
    "GenomeWorks cudaextender ungapped x-drop extender/compaction + SegAlign seed hits, x-drop HSPs and compaction (unseen143)": ("gwux_", "segal_"),
    "GFC 2.2 double-precision compressor/decompressor (ndzip's vendored copy) + bslz4decoders CUDA bitshuffle decoders (ballot bit-plane transposes, tail and copy) (unseen144)": ("ndgfc_", "bslz4_"),
    "fast-transformers causal linear attention lmha forward/low-occupancy/fused backward + causal-conv1d decode-step update, rolling and circular state (unseen146)": ("fxlmha_", "cc1du_"),
    "Subway frontier kernels BFS/CC/SSSP/SSWP/PageRank sync and async + label kernels + CuSha G-Shards/CW shard kernel and virtual warp-centric CSR kernel (unseen147)": ("subw_", "cusha_"),
    "RTE+RRTMGP C++/CUDA optical-property adding and delta-scaling + MicroHH fourth-order diffusion, plain and shared-slice (unseen148)": ("rrtcpp_", "mhhkt_"),
    "argon2-gpu Argon2 d/i/id oneshot, by-segment and reference precomputation + BLAKE3-gpu dark BLAKE3 chunk tree (unseen149)": ("a2gpu_", "blz3_"),
    "RootPPL SMC systematic resampling (exp weights, offspring counts, ancestors, normalisation) + MPPI-Generic normExp/Tsallis weights, weighted control reductions and full-GPU baseline/normaliser (unseen150)": ("rootppl_", "mppigen_"),
    "MC-CNN AD/census costs, crosses, cross-based aggregation, left-right check, occlusion fill and sub-pixel refinement + OpenCV cudastereo reprojectImageTo3D and drawColorDisp (unseen151)": ("mccnn_", "ocvsu_"),
    "Kaldi CUDA feature extraction (frames, windows, energies, power spectrum, lifter) and online CMVN + torchaudio lfilter IIR loop (unseen145)": ("kaldif_", "taudio_"),
    "ArrayFire mean-shift filter and flood fill (seeded region growing) + MONAI fork push-relabel graph cut (unseen153)": ("afire_", "mgcut_"),
    "libcubwt BWT/suffix-sorting initialisation (DC3 sample keys), gather/scatter/block permutation + cuDF 0.5 CSV reader record counting and record starts (unseen155)": ("lcbwt_", "cdfcsv_"),
    "gpu_lomb_scargle Lomb-Scargle periodograms (one object / batch, global / shared pages / with errors) + torchbp 2-D CFAR radar detection (unseen156)": ("gpuls_", "tbp_"),
    "PBA+ 2D Voronoi/EDT phases (floods, margins, proximate points, band merge, colour) + cuCIM PBA+ 3D flood, Maurer axis and colour, plain and with spacing (unseen157)": ("pbap_", "cupba_"),
    "AutoGPTQ CUDA VecQuant 2/3/4/8-bit matvec (g_idx and group-size) + SqueezeLLM non-uniform 3/4-bit LUT matvec, CSR outliers and dense full rows (unseen158)": ("agptq_", "sqllm_"),
    "exafmm-beta GPU treecode bounds/keys/reorder/level ranges/P2M/opening criteria/groups + Sandham 2-D Barnes-Hut reset/box/tree build/centre of mass/sort/forces/update (unseen159)": ("exfmm_", "jsbh_"),
    "torchvision RoIAlign (aligned, adaptive)/RoIPool forward and backward/PS-RoIAlign + detectron2 ROIAlignRotated forward and backward, rotated box IoU and NMS mask, DCN deformable im2col/col2im and modulated im2col (unseen160)": ("tvops_", "d2ops_"),
    "GPUDB foreign-key hash join build/probe/projections + EPFL partitioned radix hash join (AccMultiwayJoins): partitioning passes, chain decomposition, shared-table joins (unseen154)": ("gpudb_", "epflj_"),
    "MAGMA sparse fine-grained asynchronous ILU(0)/IC(0) sweeps (Chow-Patel) + YuenyeungSpTRSV thread/warp-level fusion sync-free SpTRSV (busy-waiting row flags) (unseen152)": ("mgspar_", "yysptrsv_"),
    "dedisp incoherent dedispersion (1/2/4/8/16/32-bit input, 8/16/32-bit output) and tiled transpose + AstroAccelerate spectral whitening (block MSD, segment mean/median, PRESTO dereddening) and single-pulse boxcar FIRs (unseen161)": ("dedisp_", "aacc_"),
    "ASTRA Toolbox FDK pre-weighting/Parker short-scan weights, FBP Fourier-space filter, DART masks/smoothing/ROI + PYRO-NN cone-beam ray-driven projector and voxel-driven backprojector (software interpolation) (unseen162)": ("astra_", "pyronn_"),
    "Jetson-SLAM CUDA ORB front end: FAST-16 scores (lookup table with mask, unrolled arc), local NMS, per-tile max reduction, bilinear pyramid, 7x7 Gaussian, IC-angle orientation, rBRIEF, output copy, map-point projection, Hamming distances + PopSift brute-force SIFT L2 2-NN ratio matching and its printf (unseen163)": ("jslam_", "psift_"),
    "SLAYER SRM spikes/rho/time conv-corr/delay shifts/Loihi CUBA spikes + lava-dl Loihi leaky integrator, adaptive threshold and resonator dynamics, forward and backward (unseen164)": ("slayer_", "lavadl_"),
    "nsparse hash SpGEMM row binning and symbolic/numeric phases (shared-memory hash tables, partial warps, thread-block rows) + bhSPARSE SpGEMM products per row, ESC of 0/1-product rows and per-thread heapsort, Ct-to-C copies (unseen166)": ("nsprs_", "bhspg_"),
    "DGL segment reduce/scatter-add/min-max gradients, g-SpMM CSR and COO (atomic max, arg) and GE-SpMM + dgNN fused GAT forward/inference (edge softmax and aggregation), SpMM and SDDMM backward, softmax backward, tile-balanced forward (unseen165)": ("dgl_", "dgnn_"),
    "voxel-tracer Ray Tracing in One Weekend render_init/render (curand, spheres, Lambertian/metal/dielectric) + nerfacc ray-AABB, occupancy-grid DDA traversal, ray ids, searchsorted and interval edges (unseen167)": ("vxrt_", "nacc_"),
    "HOOMD-blue FIRE minimizer zeroing, double block reductions (PE, P, |v|^2, |a|^2), one-block sum, velocity mixing (unseen168)": ("hbfire_",),
    "KBLAS batched TRTRI (triangular inversion of diagonal blocks in registers, warp shuffles) and POTRS (Cholesky solve B A^-1, row per thread, register substitutions) on small float/double matrices (unseen174)": ("kbtrs_",),
    "Locusta PSO record/speed (isle best in shared memory)/position updates, GA whole crossover with curand mutation and reservoir tournament selection, per-isle max/min record reduction, init and crop + Erzis900 PSO-CUDA curand_init, swarm init, velocity/position update (Booth, Rastrigin), single-thread global best and shared-memory pBest sum with atomicAdd (unseen173)": ("lcsta_", "erzpso_"),
    "CS759-Fall-22 non-local means and KNN denoising (global memory and a shared-memory row window) + NVIDIA DALI CLAHE: RGB to L*, fused, plain and warp-privatized tile histograms, clip + CDF -> LUT, mega-fused histogram-to-LUT, bilinear LUT blend for gray and RGB (unseen171)": ("nlmcs_", "daclh_"),
    "x264-CUDA full-search, two-step/square and 4x4-merge motion searches (SAD trees, shared windows) + vp9_cuda_encoder VP8 diamond motion estimation, fast and split-MV (vabsdiff4) (unseen172)": ("x264cu_", "vp8me_"),
    "boojum-cuda Goldilocks base-field add/sub/mul/mul_add/inv/pow and extension-field mul (carry chains, by-value matrix accessors) + era-bellman-cuda BN254 MSM bucket kernels (signed-window bucket indexes, XYZZ bucket aggregation, window split, reduction, last-pass gather; Montgomery multiplication) (unseen170)": ("boojum_", "bellm_"),
    "GpuBTree warp-cooperative B-tree: init, concurrent insert with node locks and splits, search, bulk delete, range query, compaction + Hashinator warp-voting open-addressing hash map: reset, insert (one and 8 keys a warp), retrieve, delete with tombstones, reset to empty (unseen175)": ("gbtr_", "hshn_"),
    "WFA-GPU gap-affine wavefront alignment: 2-bit sequence packing, distance and full alignment kernels, plain and adaptive-band (shared/global wavefronts, offloaded backtraces, an atomic pool) + mm2-gb minimap2 chaining: range selection (binary and linear) and score generation short/mid/long/long_map/naive (unseen169)": ("wfagpu_", "mm2gb_"),
    "TorchPQ PQ decode, k-means centroid update (shared float atomics), IVF bookkeeping: address by id, division by address (tile scan and binary search), index of appearance, write address (tile scan and per-thread walk) + cuKNN brute-force kNN: shared-memory double distance trees, block minima (unseen181)": ("tpq_", "cuknn_"),
    "nvcomp 1.2.3 cascaded decompression (values x runs, convert, bit unpacking of 13/37-bit values, block boundary search, RLE and RLE+delta expansion with cub BlockScan) and RLE init tile counts + DietGPU rANS statistics: per-warp shared byte histograms, probability quantisation (BlockRadixSort, redux sums, division magic), xor checksum (unseen180)": ("nvc_", "dgpu_"),
    "NSVF ray-voxel intersection (balls, AABB voxels, sparse-voxel-octree DFS, triangles with an insertion sort) and ray sampling (uniform merge, inverse CDF) + stable-dreamfusion multiresolution hash/tiled grid encoder forward with dy_dx, its input backward, frequency encoder forward/backward (unseen183)": ("nsvf_", "sdfus_"),
    "torch-points-kernels dense and partial-dense ball queries, instance IoU, GRNet gridding and cubic feature sampling with their atomicAdd gradients + Pointcept pointops kNN query (local max-heap), farthest point sampling (shared arg-max tree), shell ball query, grouping and interpolation with atomicAdd backwards (unseen182)": ("tpkrn_", "ptcpt_"),
    "gprMax FDTD field updates (update_e/update_h, constant-memory coefficients), Hertzian/magnetic dipole and voltage sources, receivers, snapshots (PyCUDA templates substituted) + TorchFWI acoustic/elastic C-PML staggered-grid pressure/stress/velocity updates, forward and adjoint with atomic gradient sprays (unseen177)": ("gprmax_", "tfwi_"),
    "FasterTransformer sampling penalties: temperature (float, half2 specialisation, per-row batch with shared inverse temperatures), repetition (additive/multiplicative, plain and batch: shared indices and penalised logits), min length + DeepSpeed inference attn_softmax_v2 (scale, ALiBi, mask, triangular, local window; cooperative-groups shuffles, cross-warp partial sums; float and __half) and int8 dequantize_kernel (merge count; packed, __half and float) (unseen178)": ("ftpen_", "dsinf_"),
    "NNPOps ANI radial/angular symmetry functions (warp-ballot neighbour list) and SchNet CFConv neighbour list and filter convolution + GROMACS leap-frog, SETTLE (shared-memory virial reduction) and force reduction (unseen176)": ("nnpops_", "gmxgpu_"),
    "CUDASW++4.0 Smith-Waterman database search: float, DPX int32 and DPX 2 x int16 (short2) kernels, single-pass and multi-pass (warp-wide query shuffles, H/E columns in global memory, overflow check) + GASAL2 sequence packing and reverse-complement (unseen179)": ("cusw4_", "gasal_"),
    "cuPDLP-C primal-dual LP steps (projected primal/dual gradient steps with __fma_rn, feasibility/infeasibility residuals, restart-movement reductions by warp shuffles and shared warp sums) + OSQP CUDA algebra (double atomicAdd product, atomicOr bound types, polar recession-cone projection and atomicAnd test, __drcp_rn, diagonal scaling, triangular-to-full COO expansion, permutation reduction, CSR equality) (unseen191)": ("cupdlp_", "osqp_"),
    "spconv 1.2.1 sparse-conv gather (generic, int4 vec, vec block) and scatter-add (generic, block) + MinkowskiEngine direct-GEMM sparse convolution forward (matmul at 16/32/8), backward (matmul2 at 16/8) and add_mapped_output_tr (unseen184)": ("spcv_", "minke_"),
    "h2o4gpu ARIMA (lag matrix, residuals, differencing), k-means distance matmul (float, double) and CML tiled Cholesky (block chol, panel trsv) + kmcuda sample extraction and shared-memory tile transpose (unseen190)": ("h2og_", "kmcu_"),
    "Enterprise BFS frontier scans: gathered-degree pre-scan, spine, large/mid post-scans (__device__ queue sizes), inspection pre/post-scans, one-block small scan (conflict-free padded Blelloch) + Groute connected components: parent init, hooking (flagged, R1, plain, atomicCAS over an edge list and a tree), multi-jump compression (unseen186)": ("entbfs_", "grtcc_"),
    "Deformable DETR multi-scale deformable attention forward and backward (blocksize-aware, shared-tree, multi-block and global-atomic col2im) + InternImage DCNv3 im2col (remove_center) and col2im, same five reduction variants (unseen189)": ("msda_", "dcn3_"),
    "ccminer (cbuchner1) Quark and JackpotCoin Keccak-512, X11 CubeHash16/32-512 (full and compacted nonce vectors) + ccminer (tpruvot) SHA-256d/t/q nonce searches (midstate in __constant__, K in shared memory, atomicExch hits) (unseen185)": ("cbccm_", "tpccm_"),
    "BEAGLE 4-state phylogenetic likelihood kernels (partials/states peeling with shared-memory matrices, fixed and dynamic rescaling, root integration, edge likelihoods) + ParallelPopGen GO Fish/SFS kernels (population histogram by atomics, binomial sample SFS over a cub BlockReduce, mutation array set-up) (unseen187)": ("bgl_", "ppg_"),
    "katgpucbf X-engine Tensor-Core Correlator (WMMA int8 and half, s4 mma.sync, the accumulators' clamped reduce) + mwa_hyperdrive GPU peeling (UVWs, phase rotation, averaging, ionospheric fits with shared-memory reductions, model subtraction) (unseen188)": ("katx_", "mwahd_"),
    "qsim CUDA state-space kernels (internal/normal amplitude order by a shared-memory shuffle, collapse, bulk amplitude set, block reductions of |a|^2, inner product and masked probability by warp shuffles with empty functors, two-stage sum, one-thread sampling and measured bits) + qibojit CuPy Clifford kernels (H, CNOT, CZ, SWAP, iSWAP on a bit-packed stabilizer tableau, measurement rowsum) (unseen192)": ("qsimcu_", "qbjit_"),
    "zfp CUDA fixed-rate 1-D encode/decode (block-floating-point, lifting transform, negabinary bit-plane coder with 64-bit atomicAdd stream writes; float and double) + cuSZx blockwise compress/decompress (warp-shuffle min/max, ballot-masked fold, XOR leading bytes, two-level shuffle scans) (unseen193)": ("zfpcu_", "szxcu_"),
    "DIB-R interpolation-based differentiable rasteriser (per-pixel barycentric z-buffer render, soft silhouette probabilities, colour and probability gradients by atomicAdd; float and double) + ngp_pl volume rendering (front-to-back compositing with __expf and early stop, inference step with alive rays, distortion loss backward; PyTorch packed accessors) (unseen195)": ("dibr_", "ngpl_"),
    "PointNet++ TensorFlow ops: ball query, grouping and its atomicAdd gradient, partial selection sort, padded shared-memory cumsum scan, binary search, farthest point sampling (shared arg-max tree), gather and atomicAdd scatter + PointPillars hard voxelization (voxel coordinates, duplicate scan, one-thread voxel numbering, point and coordinate copies, the atomic non-deterministic path) (unseen196)": ("pn2tf_", "ppvox_"),
    "AMGX L1-Jacobi smoother (signed row L1 norms, 4x4-block L1 diagonal with a cofactor inverse in volatile shared memory, 1x1 and 4x4 Jacobi sweeps, postsmooths) + ViennaCL pipelined CG/BiCGStab (fused vector updates with per-block inner products, CSR blocked and adaptive, ELL and SELL-C products with <Ap,Ap>/<p,Ap> partials) (unseen197)": ("amgxl1_", "vclit_"),
    "warp-ctc GPU CTC (softmax column max / sum-of-exp reductions by a shared fold and shuffles, max subtraction, probabilities, FLT_MIN truncation, the alpha lattice over blank-extended labels in shared memory) + optimized_transducer RNN-T loss on the compact layout (log-prob gathers, alpha/beta anti-diagonals with and without one symbol per frame, softmax and log-softmax gradients) (unseen198)": ("wctc_", "otrans_"),
    "cuda-debayer bilinear Bayer demosaicing (RGGB/GBRG to RGB and RGBA, RGB-IR, IR thermogram) + Alcedo Studio (PuerhLab) CUDA image operators (RGB histogram and waveform scopes by atomics, shared-tile 90/180-degree rotations of float/float3/float4 GpuMats, channel merge, RGB to RGBA, AHD-style RGGB demosaic passes) (unseen199)": ("cdbay_", "puerh_"),
    "ExLlamaV2 quantisation (round-to-nearest quantise/dequantise in half, fused error feedback, __powf scale-grid error search with float atomics, rank-1 float4 update) and 4-bit row / 3-4-6-bit column packing + Marlin FP16xINT4 GEMM (mma.sync m16n8k16, ldmatrix, cp.async with an L2 evict-first policy, lop3 dequantisation, grouped and column-wise scales, lock-ordered split-k reduction) (unseen194)": ("exl2_", "marlin_"),
    "PyTorch Scatter segment_csr (warp-per-row and broadcast, sum / max with argmax / mean / batched min over an expanded indptr), gather_csr, segment_coo (shuffle-up runs with atomics, atomicCAS float max, arg pass, TB-entry broadcast), scatter max and its arg pass over a broadcast index + PyTorch SplineConv B-spline basis forward (degree 1) and backward (degree 2), weighting forward and its atomicAdd weight and basis gradients (unseen203)": ("pysc_", "splc_"),
    "DualSPHysics neighbour-list cell division (cell-limit, position-limit, uint limit and sum shared-memory reductions with warp-synchronous tails, begin-end cells, particle-sort gathers of double2/float4/typecode/tsymatrix3f, re-sort, periodic parents, index update) + Fluids v5.0 grid prefix sum (two-level shared-memory scan, fixup) (unseen205)": ("dsphcd_", "fluids5_"),
    "AutoDockCuda (AutoDock 4.2.6 CUDA port): quaternion qtransform in double, torsion-tree work in progress (barrier inside a branch), per-pair eintcal to shared memory, a printf diagnostic, CudaPtrs by value + autodock-cudamp: per-individual eintcal over 1 or 3 non-bond groups (squared-distance tables, -use_fast_math; a shared group-energy race) and an unguarded alloc fill (unseen201)": ("adcuda_", "admp_"),
    "cupy-knn LBVH build (64-bit Morton codes of boxes and points, tree initialisation, Apetrei's bottom-up construction by an atomicAdd per node, leaf-size optimisation, free indices, in-place compaction) + cuda-collisions GPU Gems 3 broad phase (home and phantom cell IDs, LSD radix sort tabulate/sum/order, Blelloch scan, shared reduction, cell narrow phase) (unseen202)": ("cknn_", "dtcoll_"),
    "KGPU GPU AES service (T-table AES-128/192/256 in __constant__ tables: ECB a block a thread and a block four threads in shared memory, CTR, page-local CTR, XTS encrypt/decrypt) + hc GPU dictionary brute force (SHA-1 and MD5 with a __device__ found flag, SHA-256, BLAKE2b, BLAKE2s, BLAKE3 in __constant__ dictionaries) (unseen204)": ("kgpu_", "hcgpu_"),
    "FinanceBench Black-Scholes analytic engine (QuantLib fdlibm erf, float/double mix) and Monte Carlo European put (curand_init XORWOW states, curand_uniform from global states, inverse-normal rational approximation, flat-forward drift, 250-float local path) + gQuant Asian barrier option pricers (grid-stride float Euler paths, double running average, CuPy RawKernel and batched versions) and payoff sum (shared double tree, double atomicAdd) (unseen200)": ("finb_", "fsig_"),
    "dhernandez0/sgm embedded SGM stereo (center-symmetric census in shared memory, Hamming cost volume, path aggregation with warp shuffles, __byte_perm and __vminu4 SIMD minima, vertical and diagonal paths, the joined winner-takes-all by a warp arg-min, 3 x 3 median) + GA-Net semi-global guided aggregation forward (four directions) and local guided aggregation, Max / MaxDepth / get_temp_grad (unseen206)": ("dhsgm_", "ganet_"),
    "bb_segsort binning (shared/global atomic histogram, atomic grouping) and small-segment sorts (register sorting networks, sub-warp __shfl_xor_sync exchanges, 2-32 elements) + CUDPP reduce (grid-stride fold, shared tree, warp-synchronous volatile steps; Add/Max operators) and compactData forwards/backwards (unseen207)": ("bbseg_", "cudpps_"),
    "cuda_voxelizer triangle-mesh voxelisation (Schwarz-Seidel triangle/box overlap with atomicOr, solid parity fill with atomicXor and the top-left rule, linear and __constant__ Morton-LUT order) + torchmcubes marching cubes (a thread a cell, edge/triangle tables, per-cell counts, compaction to scanned offsets) and trilinear grid interpolation through PyTorch packed accessors (unseen208)": ("cvox_", "tmcub_"),
    "nvblox robot-mapping image and voxel-block kernels (splitColorImageKernel by a segmentation mask with its overlay, initializeImageKernel, differenceImageKernel for float / Color / uint8_t, setColorBlockGray over an 8^3 ColorBlock) + gpu_path_planning LiDAR occupancy-grid ray casting (one thread a beam, half-cell steps, log-odds float atomicAdd with an atomicExch clamp) (unseen211)": ("nvblox_", "gpupp_"),
    "EuroPar 2025 LLM study Game of Life references (bools; one thread a cell with atomicOr and __ballot_sync; row-packed words by a bit loop, __popcll masks, a generated macro, a full-adder network; 8 x 8 tile words) + Preis 2D Ising Metropolis (checkerboard of 2 x 2 cells, both half-sweeps, per-thread LCG in shared memory, magnetisation tree sum) (unseen212)": ("eplgol_", "preisis_"),
    "rustypfb polyphase filter bank channelizer (shared-tile reshape and reconstruction transposes, FFT-domain filter products, scale / fft-shift / alias sign flips) + peads/demodulator CUDA FM demodulator (function-static DC offset correction, atan2 discriminator) (unseen210)": ("rpfb_", "fmdem_"),
    "GPUJoin hash join (Murmur3 open addressing by atomicCAS, join-size and join-result passes) and nested loop join (2-D grid, atomic cursor) + fast-interconnects TPC-H Q6 (branching and predicated; shared and global 64-bit atomicAdd) and no-partitioning hash join (linear-probing build by 64-bit / key atomicCAS, probe-aggregate, perfect hashing) (unseen213)": ("hlgj_", "fic_"),
    "cuML ml-prims warp-wide top-k warpTopKkernel (warp bitonic networks of shfl_xor compare-and-swaps, an insertion cascade of N warp-sorted arrays; k smallest and largest) + Euro-Par 2025 LLM-CUDA study hand-written k-NN (naive local-memory max-heap, warp-per-query shared candidate buffers by atomicAdd or ballot/__popc, register and cooperative-groups shuffle bitonic sorts, mirrored merge) (unseen215)": ("mlsel_", "eparknn_"),
    "TensorRT OSS plugin kernels (RoIAlign avg/max with aligned coordinates, per-class allClassNMS with shared kept flags and barriers, YOLO Region strided softmax and sigmoids, LReLU, GroupNorm scale-shift on a 3-d grid) + ONNX Runtime CUDA RoiAlign (float avg/max, double; int64 sizes) (unseen214)": ("trtplg_", "ortcu_"),
    "S4 Cauchy kernel (complex forward with shared v/w stage and complex warp shuffles, backward with complex BlockReduceSum; c10::complex copied from PyTorch) + accelerated-scan warp scan (first-order linear recurrence for linear RNNs/SSMs: thread, shuffle and block levels, chunked, reversed, backward with shifted loads) (unseen216)": ("s4cy_", "ascan_"),
    "Deepwave scalar wave-equation propagator (source injection, receiver recording, shot gradient sum, C-PML forward step 2-D/4th-order float and 1-D/8th-order double from __constant__ symbols in an anonymous namespace) + Madagascar pyang GPU RTM (Ricker wavelet, C-PML coefficients, Gaussian-bell source, staggered 4th-order p-v step with shared tiles and PML bands, cross-correlation, imaging condition with an inter-block race, Laplacian filter) (unseen217)": ("dwave_", "mrtm_"),
    "WarpGBM gradient-boosted trees (quantile binning, per-era shared-memory atomic histograms, directional split gains, flattened-forest prediction by float atomicAdd) + PGBM split-gain histograms (block (1, 1024) shared staging and atomicAdds, PackedTensorAccessor32 by value; barriers inside the bounds test) (unseen218)": ("wgbm_", "pgbm_"),
    "AstroAccelerate FDAS power and power-with-interbinning, periodicity harmonic sums (simple over a [bin][DM] plane; greedy, PRESTO-plus and PRESTO with and without scalloping-loss removal: shared MSD tables, fdividef, double bin positions) + Bifrost Romein convolutional gridding (positions staged in dynamic shared memory or read from global; float2, char2, nibble2 and blenib2 bitfield visibilities; float and double atomicAdd) (unseen219)": ("aahs_", "bfrom_"),
    "StiffMa Hex8 stiffness-matrix kernels (tril index pairs for scalar and elasticity problems, element matrices by 2x2x2 Gauss quadrature with __constant__ shape-function and material tables, grid-stride) + GPUMPM sparse-grid and constitutive kernels (page / cell boundary marks over 64-bit offsets, 64-bit atomicCAS page hash table with probing, bucket sizes and reorder by atomicAdd, fixed-corotated stress and batched 3x3 McAdams SVD in shared memory) (unseen220)": ("stiffma_", "gpumpm_"),
    "pso_gpu synchronous particle swarm (Rosenbrock and Rastrigin fitness a thread a particle, calculaGbest shared-memory argmin of the personal bests, personal-best position and value updates) + DEAC differential evolution for analytic continuation (dot and min warp-synchronous reductions, tiled GEMM and GEMV, reduced chi-squared tree sums, DE mutation, xoshiro256+ mutant-index and crossover draws) (unseen221)": ("psogpu_", "deac_"),
    "CUHD self-synchronising Huffman decoder (subsequence decoding with a barrier per round, seam synchronisation, phase-3 copies, output) + GPU-FOR / GPU-DFOR / GPU-RFOR tile-based integer decompression (bit extraction across two words in shared tiles, cub BlockExchange / BlockScan / BlockReduce, 64-bit atomicAdd, run-end scatter) (unseen222)": ("cuhd_", "gpucomp_"),
    "PCL KinFu depth filtering and maps (bilateral filter, Gaussian and thresholded depth pyramids, truncation, vertex and cross-product normal maps, rigid map transform, map halving with renormalisation) + kinfu_remake surface measurement (bilateral, depth pyramid, truncation, normals from a Reprojector, depth masking, __half ray distances, depth-normal halving) (unseen223)": ("pclkf_", "kfrm_"),
    "DirectVoxGO Adam steps (plain, masked, per-voxel lr), total-variation gradient, ray-AABB t range, sample counts, raw2alpha and per-ray alpha compositing with early stop and its backward + svox2 (Plenoxels) RMSprop and SGD steps on packed accessors (all, masked, indexed rows) (unseen224)": ("dvgo_", "svx2_"),
    "treba Gibbs samplers for FSMs and HMMs (XORWOW set-up, even/odd resampling with atomic count moves, count accumulation) + CUDAHM Metropolis-within-Gibbs RNG set-up and unit-test kernels (normal proposals through a packed Cholesky factor, acceptance, adaptive rank-1 Cholesky downdate) (unseen225)": ("treba_", "cudahm_"),
    "GPUGA empirical-potential kernels (O(N^2) neighbour search under a tilted-box minimum image, minimal Tersoff bond orders / three-body partial forces / f_ij - f_ji forces and virial, rigid-ion Buckingham + erfc Coulomb + Morse forces, shared-memory fitness reductions) + ESPResSo P3M on the GPU (influence function, k-space convolution and derivative, B-spline charge spreading and force interpolation by float atomicAdd, shared-memory and register forms) (unseen226)": ("gpuga_", "espp3m_"),
    "GPU Sample Sort's kernels (bucket finding over a __constant__ search tree with shared atomic counters, degenerated three-bucket form, 16- and 32-bit keys, scatter into scanned offsets, bucket copy, the per-bucket CTA quicksort with Brent-Kung scans and shared odd-even merge sort) + GPU MergePath's diagonal search and windowed merge (refused: ill-formed C++, as nvcc refuses it) (unseen227)": ("gpuss_", "mpgpu_"),
    "Cusp SpMV kernels (CSR scalar, CSR vector at 32 and 4 threads a row with a warp-synchronous volatile reduction, DIA with the diagonal offsets in shared chunks, flat COO by a warp-interval segmented reduction with its carry update and serial tail) + FasterSpMV PyCUDA sliced ELLPACK (slice heights 32 and 64) and CSR SpMV (unseen228)": ("cuspl_", "fspmv_"),
    "tensor-episdet epistasis detection (bit-packed genotype popcounts per SNP, pairwise 3 x 3 and X-against-all tables with nine blockReduceSum pairs, 3-way plane ANDs, K2 and mutual-information objective kernels in both overloads with warp-shuffle block min / max, float atomicCAS and a packed-index CAS chain) + warphog all-pairs Hamming distance over an MSA with IUPAC equivalence (rectangular and triangular thread maps) (unseen229)": ("tepi_", "whog_"),
    "Hugging Face candle reductions (softmax f32 / f16 by warp shuffles, RMSNorm and LayerNorm with shared warp sums, interleaved / halves / b-t-h-d rotary embeddings, shared-memory argmax tree, float atomicAdd sum) + calm LLM inference kernels (fp16 / fp8 e5m2 / gf4 embeddings, KV-sink RoPE in a tiled K layout, RMSNorm into dynamic shared memory and warp-parallel fp16 / fp8 mat*vec with a block transpose) (unseen230)": ("cndl_", "calmi_"),
    "GH-CUDA Greiner-Hormann polygon clipping (edge-pair intersection counts over a shared-memory tile of the other polygon, neighbour map, intersection vertices with per-edge LSD radix sorts, Q-side sort, initial labels by the turn oracle, CMBR filter) + CUDA_PlanarConvexHull quickHullKernel (points above a directed line, double distances, hull indices appended by atomicAdd, both launches) (unseen231)": ("ghclip_", "cimahull_"),
    "DAIN flow projection / warping layers (flow splatting by float atomicAdd with averaging, hole filling and backward, depth-weighted the same, bilinear backward warping and DAIN's adaptive 4 x 4 filter warping with their atomicAdd backwards) + the optical flow filter's texture-free kernels (flow update by a 2 x 2 adjugate solve, flow scaling, rotational flow of a perspective camera, gpuimage_t structs by value over pitched rows) (unseen232)": ("dain_", "ofilt_"),
    "MTB90/cuda-floyd_warshall Floyd-Warshall APSP with predecessors (the naive step, a thread a pair; blocked: the dependent diagonal tile in shared memory, the partially dependent row and column tiles, the independent min-plus tiles) + hybrid_BC betweenness centrality (a block a source by a global atomicAdd, work-efficient BFS with shared queue lengths, atomicCAS distances and 64-bit path counts, successor-method dependencies, float atomicAdd; exact, approximate with its source_vertices over-read, isolated vertices; the *jia and diameters races between blocks) (unseen234)": ("mtbfw_", "hbc_"),
    "CMS Patatrack pixeltrack-standalone pixel clusterizer (countModules by atomicInc, findClus: a shared-memory HistoContainer, nearest neighbours in local arrays, atomicMin connected components under __syncthreads_or; clusterChargeCut with a warp-shuffle block prefix scan; fillHitsModuleStart), multiBlockPrefixScan (last block by an atomic counter) and HistoContainer countFromVector / fillFromVector + ACTS CUDA seed finder (cuSearchDoublet, cuTransformCoordinate, cuSearchTriplet with a shared triplet list, odd-even sort and serial seed filter) (unseen235)": ("pxtrk_", "actsc_"),
    "bm3d-gpu BM3D denoising (block matching with per-warp N-best stacks in shared memory, patch grouping, 8 x 8 DCT / IDCT, Walsh-Hadamard hard thresholding and Wiener filtering with shuffle block sums, float-atomic Kaiser aggregation, final division) + CLAHE3D (per-subvolume histograms and CDFs, trilinear equalisation through a __constant__ struct of device pointers, 3-D median by recursive quickselect, 3-D convolution through shared planes) (unseen236)": ("bm3dg_", "clh3d_"),
    "FiniteVolumeGPU shallow-water and Euler finite-volume schemes (Lax-Friedrichs, FORCE, HLL, MUSCL-Hancock HLL2, WAF, Kurganov-Petrova central-upwind unsplit and dimensionally split; reflective ghost cells in shared memory, per-block CFL minima; --use_fast_math) + StableFluid-CUDA MAC-grid free-surface fluid (RK4 semi-Lagrangian advection of u and v, shared reduction, Poisson matrix and right-hand side, pressure-gradient update, velocity extrapolation, marker advection; __constant__ parameters) (unseen237)": ("fvgpu_", "sfcuda_"),
    "numr native dense factorisations (one-sided Jacobi SVD, cyclic Jacobi symmetric eigensolver, Householder QR, partial-pivoting LU, Cholesky-Banachiewicz, one thread each) + ELPA GPU Householder tridiagonalisation step (column copy and zeroing, block-reduced dot products with atomicAdd, the Householder reflector, v-row scaling and store, u/v stored-vector columns, the rank-2k diagonal update, the transpose reduce-add) (unseen238)": ("numr_", "elpa_"),
    "MinHashCuda Weighted MinHash (gamma and log transforms of uniform tables, Ioffe's consistent weighted sampling over CSR rows from a bin-packed plan, per-thread shared-memory minima of sample_delta samples, d_dim in __constant__; 128, 4 and 32 samples) + sparse-neighbors-search MinHash signatures (Wang integer hash, shingle merging; all 0: MAX_VALUE as an int) and candidate distances (squared norms and a chunked sparse merge dot product in shared memory with a tree sum, cosine and Euclidean by a gridDim.x stride) (unseen239)": ("mhcuda_", "snsmh_"),
    "GPU4PySCF DFT grid kernels (density contractions rho / GGA / meta-GGA by a shared tree over AOs, real and complex AO scaling by the XC potential, Becke and Stratmann partition weights over shared 16-atom tiles, nearest-atom grouping) + GauXC (SSF partition weights and their contracted nuclear gradient by double atomicAdd, XC matrix symmetrisation in 32 x 33 shared tiles, grid-to-atom distances, load-balancer cube-sphere collision bit vectors with __popc and position lists through a shared buffer) (unseen233)": ("g4p_", "gauxc_"),
    "NVIDIA apex SyncBatchNorm and fused LayerNorm (Welford mean / variance by warp shuffles and a shared stage, backward reductions with Kahan sums, the input gradients, channels-last with a staging buffer, __threadfence and an atomicAdd semaphore for the last block's merge; LayerNorm forward, partial gamma / beta gradients in a padded shared tile, their sum, the input gradient) + BMTrain training kernels (fp16 and bf16 mixed-precision Adam, the latter over std::uintptr_t addresses, the inf / NaN overflow check for loss scaling by a block OR, fused cross entropy forward by block max / sum reductions and backward) (unseen240)": ("apex_", "bmt_"),
    "cleap GPU mesh processing (Delaunay transformation by parallel edge flips in 2-d and on a height field with atomicExch triangle reservations in shared-memory index copies, the repair of the edges around flips, the fix of folded-over triangle pairs, vertex-normal normalisation) + CuMCubes marching cubes (edge-crossing and triangle counts, vertices numbered by atomicAdd, faces from the triangle table at atomicAdd offsets) (unseen241)": ("cleap_", "cumc_"),
    "cuJSON JSON Lines parser: checkAscii / checkUTF8 UTF-8 validation in SIMD-within-a-word intrinsics, backslash / quote / operator / bracket bitmaps by __vcmpeq4, escaped quotes by backslash-run parity across words (__clz), in-string masks by prefix XOR, structurals outside strings and their popcounts, structural and bracket indices from scanned counts, bracket +1/-1 map, bracket pairing after the depth sort with a shared error flag + istar igrep CUDA agrep: Wu-Manber bit-parallel approximate matching over 2-bit packed nucleotides, K+1 tables in registers, 32- and 64-bit, overlap codons shared between neighbouring threads, matches by atomicAdd (unseen242)": ("cujson_", "igrep_"),
    "psrdada_cpp MeerKAT / Effelsberg pipelines (FBFUSE incoherent beamformer with a shared tscrunch and int8 tile, EDD 12- and 8-bit unpackers by inline-PTX byte swaps, spectral-kurtosis RFI flags over thrust::complex with a volatile warp tail and an atomic counter, scaled TF-to-TFT transpose in dynamic shared memory, VLBI baseline / std-dev reductions and the 2-bit digitiser's shared-memory packing) + AWP-ODC-OS anelastic wave propagation (4th-order staggered-grid velocities and halo velocities, halo copies, stresses with Q attenuation and the free surface, moment-tensor sources, __constant__ grid sizes) (unseen243)": ("psrdc_", "awp_"),
    "trueke exchange Monte Carlo for the 3-D random field Ising model (per-thread PCG32 seeded by MurmurHash64A, the PCG random field, the checkerboard Metropolis sweep in a shared block with halos in both halves, magnetisation / energy / correlation-length block reductions by warp shuffles and a static shared array) + rapids-singlecell statistics (2-D Gaussian KDE by a streaming log-sum-exp in float and double, Wilcoxon tie correction and average ranks by binary searches, binned Wilcoxon histograms by atomicAdd, spatial co-occurrence per-warp 64-bit shared histograms over a shared tile and their conditional probabilities, the ligand-receptor permutation test step) (unseen244)": ("trueke_", "rsc_"),
    "OpenPPL ppl.cv image kernels (BGR to NV12 chroma subsampling and NV12 to BGR upsampling in 20-bit fixed point, BGR to 8-bit HSV through __constant__ division tables, dilation by a full element on 4-pixel uchar4 groups with per-lane constant-border flags, on 3 channels, and by a masked element staged in shared memory, 11-bit fixed-point bilinear and fractional-area resizing, bilinear and nearest affine warps through a coordinate functor) + RAFT alt_cuda_corr optical-flow correlation lookup (forward over shared 4 x 8 feature tiles with bilinear splats, backward with float atomicAdd) (unseen245)": ("pplcv_", "raft_"),
    "quantumsim density-matrix primitives in the Pauli basis (one qubit's basis change in the complex matrix, the reshuffle to the real Pauli vector and back with popcount signs, one- and two-qubit Pauli transfer matrices staged in shared memory, the diagonal, full and partial traces by a Hillis-Steele scan, a qubit swap) + openQCD's Wilson-Dirac operator in CUDA (UCL openqcd-oneapi: the clover term's Hermitian 6 x 6 blocks with twisted mass, the Doe gather and the Deo float atomicAdd scatter over 8 directions through SU(3) links and their inverses, structure-of-arrays conversions) (unseen246)": ("qsm_", "oqcd_"),
    "Edge-Optimized-Tracking-System CUDA particle filter (weighted mean and lower-triangle covariance by shared trees and float atomicAdd, covariance symmetrisation, the unscented predicted mean with its quaternion renormalisation, inverse-CDF resampling by linear search, observation weights, quaternion SLERP) + MiVINS GPU feature detection (FAST scores of a block and halo in dynamic shared memory with 3 x 3 suppression and each occupancy cell's best corner under an atomicCAS spin lock, Gaussian 3 x 3, Scharr edgelet score, per-cell spin-locked non-maximum suppression, a 36-bin orientation histogram) (unseen247)": ("eots_", "mivins_"),
    "SRU Simple Recurrent Unit elementwise recurrence (forward and backward over time per column with padded steps skipped, uni- and bidirectional, the simple k = 3 forms and the general ones with tanh, the k = 4 projected skip term and custom per-step weights) + fairseq decoding helpers (beam-search n-gram blocking over tokens in dynamic shared memory with -inf stores, Levenshtein edit operations with the DP table in shared shorts or global memory and its back-trace, deletion and insertion labels) (unseen249)": ("sru_", "fseq_"),
    "tsne-cuda t-SNE gradient kernels (perplexity bisection step, attractive forces by COO float atomicAdd and per-point neighbour sums, the gains/momentum gradient step over a grid-stride loop, FIt-SNE Lagrange interpolation weights, charges spread to and potentials gathered from the interpolation nodes by float atomicAdd, the Cauchy kernel's circulant embedding in double) + PLSSVM least-squares SVM kernels (RBF q vector, the CG solver's kernel-matrix products linear / polynomial / RBF in 16 x 16 threads of 6 x 6 register tiles with both sides staged in shared memory and symmetric halves by double atomicAdd, the linear model's w, RBF and polynomial decision values by atomicAdd) (unseen250)": ("tsnec_", "plssvm_"),
    "Csound CUDA audio opcodes (direct and uniformly partitioned FFT convolution reverb with float atomicAdd and overlap-add, phase-vocoder windowing with circular rotation and phase unwrapping, additive-synthesis oscillator bank, sliding-DFT FM harmonic shift over __constant__ batches) + BigVGAN fused anti-aliased SnakeBeta activation (2x Kaiser-sinc up/downsampling, 32 samples a thread in local arrays) (unseen251)": ("csnd_", "bvgan_"),
    "cusnarks 256-bit modular arithmetic for zkSNARK provers over BN254 (add / sub mod p in add.cc/addc chains, a shared-memory tree and a warp-shuffle 8-word sum reduction, Montgomery and Fp2 products in inline-PTX mad.lo.cc/madc.hi.cc chains, Kaliski almost inverse) + yacl SM2 elliptic-curve batch kernels (Montgomery field arithmetic on 4 x 64-bit limbs, Jacobian add / double / negate, on-curve test, comb fixed-base and wNAF scalar multiplication, block-wide batch inversion by Blelloch product scans in shared memory) (unseen248)": ("cusnk_", "yacl_"),
}


def suite_of(launch_id: str) -> str | None:
    name = launch_id.split("/", 1)[-1]
    for suite, prefixes in SUITES.items():
        if launch_id.startswith("collection/") and name.startswith(prefixes):
            return suite
    return None


def _count(t: dict, row: dict) -> None:
    """Add one compared launch to a tally: run or not, its totals, equal ones, the kernel ones."""
    checks = row.get("checks") or {}
    t["launches"] += 1
    t["run"] += bool(checks)
    for c in checks.values():
        t["totals"] += 1
        ok = c["equal"] and not c.get("undecided")      # a total on an undecided line is a miss
        t["equal"] += ok
        if not c.get("apart"):
            t["kernel_totals"] += 1
            t["kernel_equal"] += ok


def _rows(path) -> list:
    """A compare file's rows; the large ones are stored gzipped (``.json.gz``)."""
    return read_json(path)["rows"]


def table(paths) -> dict:
    empty = {"launches": 0, "run": 0, "totals": 0, "equal": 0, "kernel_totals": 0, "kernel_equal": 0}
    seen, out = set(), {s: dict(empty) for s in SUITES}
    every = dict(empty)
    for p in paths:
        for r in _rows(p):
            if r["id"] in seen:
                continue
            seen.add(r["id"])
            _count(every, r)
            s = suite_of(r["id"])
            if s is not None:
                _count(out[s], r)
    out["together"] = {k: sum(out[s][k] for s in SUITES) for k in empty}
    out["every launch"] = every
    return out


def main(argv=None) -> int:
    paths = (argv if argv is not None else sys.argv[1:])
    if not paths:
        print(__doc__)
        return 2
    print(f"{'suite':58} {'launches':>9} {'kernel totals equal':>22} {'every total equal':>22}")
    for s, t in table(paths).items():
        pct = 100.0 * t["equal"] / t["totals"] if t["totals"] else 0.0
        kpct = 100.0 * t["kernel_equal"] / t["kernel_totals"] if t["kernel_totals"] else 0.0
        print(f"{s:58} {t['run']:>4} of {t['launches']:<3} {t['kernel_equal']:>6} of {t['kernel_totals']:<5}"
              f" {kpct:6.2f}% {t['equal']:>6} of {t['totals']:<5} {pct:6.2f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
