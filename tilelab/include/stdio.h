// tilelab: <stdio.h> for device code compiled with NVRTC. NVRTC declares printf and assert itself
// but ships no C library headers, so a kernel that includes this one (as most public samples
// and learners do) would otherwise fail with "cannot open source file". Nothing else is needed.
#pragma once
