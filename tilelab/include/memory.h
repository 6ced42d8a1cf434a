// tilelab: <memory.h> for device code compiled with NVRTC: the old BSD header for memcpy and memset, which glibc's
// gives by including <string.h> (see <string.h> here).
#pragma once
#include <string.h>
