// tilelab kernel collection: CULZSS's LZSS decompression kernel (DecodeKernel)
// Source:  https://github.com/fknorr/culzss/blob/02789a34250db3024d91e31ecfb46ae3f45e2420/gpu_decompress.cu
//          (fknorr/culzss, commit 02789a3: Adnan Ozsoy and Martin Swany's CUDA LZSS (CULZSS), made a library)
// Licence: Apache-2.0 (the file's own notice, which follows; the repository has no LICENSE file); the code is
//          adopted from Michael Dipperstein's LGPL-2.1 LZSS, whose notice the file also carries (kept).
// Kept: lines 1-48 (the notices) and 122-246 (DecodeKernel) of the original, unchanged. Copied in, marked:
//       gpu_decompress.h's lines 60-80 (the constants and deencoded_string_t the device code uses). Removed: the
//       includes (host-only) and the host functions and globals (lines 49-121 and 247-372). The
//       launch is CULZSSp_decompression_kernel_wrapper's (host code, not copied).

/***************************************************************************
 *          Lempel, Ziv, Storer, and Szymanski Encoding and Decoding on CUDA
 *
 *
 ****************************************************************************
 *          CUDA LZSS 
 *   Authors  : Adnan Ozsoy, Martin Swany,Indiana University - Bloomington
 *   Date    : April 11, 2011
 
 ****************************************************************************
 
         Copyright 2011 Adnan Ozsoy, Martin Swany, Indiana University - Bloomington
 
         Licensed under the Apache License, Version 2.0 (the "License");
         you may not use this file except in compliance with the License.
         You may obtain a copy of the License at
 
     http://www.apache.org/licenses/LICENSE-2.0
 
         Unless required by applicable law or agreed to in writing, software
         distributed under the License is distributed on an "AS IS" BASIS,
         WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
         See the License for the specific language governing permissions and
         limitations under the License.
 ****************************************************************************/
 
 /***************************************************************************
 * Code is adopted from below source
 *
 * LZSS: An ANSI C LZss Encoding/Decoding Routine
 * Copyright (C) 2003 by Michael Dipperstein (mdipper@cs.ucsb.edu)
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Lesser General Public
 * License as published by the Free Software Foundation; either
 * version 2.1 of the License, or (at your option) any later version.
 *
 * This library is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU
 * Lesser General Public License for more details.
 *
 * You should have received a copy of the GNU Lesser General Public
 * License along with this library; if not, write to the Free Software
 * Foundation, Inc., 59 Temple Place, Suite 330, Boston, MA  02111-1307  USA
 *
 ***************************************************************************/


// ---- gpu_decompress.h, lines 60-80 (copied in) ----
#define FALSE   0
#define TRUE    1

#define WINDOW_SIZE 128

/* maximum match length not encoded and encoded (4 bits) */
#define MAX_UNCODED     2
#define MAX_CODED       128
#define NWORKERS	2

#define PCKTSIZE 4096

/***************************************************************************
*                            TYPE DEFINITIONS
***************************************************************************/
/* unpacked encoded offset and length, gets packed into 12 bits and 4 bits*/
typedef struct deencoded_string_t
{
    int offset;     /* offset to start of longest match */
    int length;     /* length of longest match */
} deencoded_string_t;
// ---- end of gpu_decompress.h ----

static __global__ void DecodeKernel(unsigned char * in_d, unsigned char * out_d, int * error_d, int * sizearr_d, int SIZEBLOCK)
{

	// cyclic buffer sliding window of already read characters //
	unsigned char slidingWindow[WINDOW_SIZE];
	unsigned char uncodedLookahead[MAX_CODED];
	//unsigned char writebuf[8];
	
    int nextChar;                       /* next char in sliding window */
    deencoded_string_t code;              /* offset/length code for string */

    // 8 code flags and encoded strings //
    unsigned char flags, flagsUsed;
    //int nextEncoded;                // index into encodedData //
    //deencoded_string_t matchData;
    int i, c;

     //initialize variables
    flags = 0;
    flagsUsed = 7;
    nextChar = 0;
	
	//long lSize=PCKTSIZE;
	int filepoint=0;
	int wfilepoint=0;

	int bx = blockIdx.x;
	int tx = threadIdx.x; 
	
	int sizeinpckt = 0, startadd = 0;
	startadd = sizearr_d[bx * SIZEBLOCK + tx]; //read the size of the packet
	sizeinpckt = sizearr_d[bx * SIZEBLOCK + tx + 1] -  startadd;
 
	//bigger than a packet hold-compression took more space for that packet
	//REPORT 
	if(sizeinpckt > PCKTSIZE){
		(*error_d)++;
	}

	// ************************************************************************
	//* Fill the sliding window buffer with some known vales.  EncodeLZSS must
	//* use the same values.  If common characters are used, there's an
	//* increased chance of matching to the earlier strings.
	//************************************************************************ /
	for (i = 0; i < WINDOW_SIZE; i++)
	{
		slidingWindow[i] = ' ';
	}

	while (TRUE)
		{
			flags >>= 1;
			flagsUsed++;

			if (flagsUsed == 8)
			{
				// shifted out all the flag bits, read a new flag //
				if (filepoint >= sizeinpckt)
				{
					break;
				}
				c=in_d[startadd + filepoint]; //packet*PCKTSIZE 
				filepoint++;
				flags = c & 0xFF;
				flagsUsed = 0;
			}

			if (flags & 0x01)
			{
				// uncoded character //
				if (filepoint >= sizeinpckt)
				{
					break;
				}
				
				// write out byte and put it in sliding window //
				out_d[bx * SIZEBLOCK * PCKTSIZE + tx*PCKTSIZE+wfilepoint]=in_d[startadd +filepoint];
				wfilepoint++;
				slidingWindow[nextChar] = in_d[startadd +filepoint];
				nextChar = (nextChar + 1) % WINDOW_SIZE;
				filepoint++;
			}
			else 
			{
				// offset and length //
				if (filepoint >= sizeinpckt)
				{
					break;
				}
				code.length=in_d[startadd +filepoint];
				filepoint++;

				if (filepoint >= sizeinpckt)
				{
					break;
				}
				code.offset =in_d[startadd +filepoint];
				filepoint++;
				
				// ****************************************************************
				//* Write out decoded string to file and lookahead.  It would be
				//* nice to write to the sliding window instead of the lookahead,
				////* but we could end up overwriting the matching string with the
				///* new string if abs(offset - next char) < match length.
				//**************************************************************** /
				for (i = 0; i < code.length; i++)
				{
					c = slidingWindow[(code.offset + i) % WINDOW_SIZE];
					out_d[bx * SIZEBLOCK * PCKTSIZE + tx*PCKTSIZE + wfilepoint]=c;
					wfilepoint++;
					uncodedLookahead[i] = c;
				}

				// write out decoded string to sliding window //
				for (i = 0; i < code.length; i++)
				{
					slidingWindow[(nextChar + i) % WINDOW_SIZE] =
						uncodedLookahead[i];
				}

				nextChar = (nextChar + code.length) % WINDOW_SIZE;
			}
		}
		
}
