// tilelab: <assert.h> for device code compiled with NVRTC. NVRTC declares printf and assert itself
// but ships no C library headers, so a kernel that includes this one (as most public samples
// and learners do) would otherwise fail with "cannot open source file".
// As the C library's <assert.h> does (C11 7.2), each inclusion defines assert anew by NDEBUG as it stands there:
// no include guard. NVRTC's own assert follows NDEBUG only as the program starts (a -DNDEBUG option), so a source
// that defines NDEBUG and then includes <cassert> (CMS Patatrack's cuda_assert.h, turning device asserts off unless
// GPU_DEBUG) kept its asserts, which nvcc compiles out. The expansion is NVRTC's own (__assertfail, which it declares).
#undef assert
#ifdef NDEBUG
#define assert(e) (static_cast<void>(0))
#else
#define assert(e) ((e) ? static_cast<void>(0) : __assertfail(#e, __FILE__, __LINE__, __PRETTY_FUNCTION__, sizeof(char)))
#endif
