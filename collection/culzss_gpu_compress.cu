// tilelab kernel collection: CULZSS's LZSS compression kernel (CompressBlock, with its FindMatch)
// Source:  https://github.com/fknorr/culzss/blob/02789a34250db3024d91e31ecfb46ae3f45e2420/gpu_compress.cu
//          (fknorr/culzss, commit 02789a3: Adnan Ozsoy and Martin Swany's CUDA LZSS (CULZSS), made a library)
// Licence: Apache-2.0 (the file's own notice, which follows; the repository has no LICENSE file); the code is
//          adopted from Michael Dipperstein's LGPL-2.1 LZSS, whose notice the file also carries (kept).
// Kept: lines 1-47 (the notices), 122-186 (FindMatch) and 200-368 (CompressBlock) of the original, unchanged.
//       Copied in, marked: gpu_compress.h's lines 60-80 (the constants and encoded_string_t the device code uses).
//       Removed: the includes (host-only: stdio, stdlib, getopt, pthread, unistd, sys/time, assert, cuda.h) and the
//       host functions and globals (streams, timing, the wrappers, the after-compression thread: lines 48-121,
//       187-199 and 369-691). The launch is CULZSSp_compression_kernel_wrapper's (host code, not copied).

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

// ---- gpu_compress.h, lines 60-80 (copied in) ----
#define FALSE   0
#define TRUE    1

#define WINDOW_SIZE 128

/* maximum match length not encoded and encoded (4 bits) */
#define MAX_UNCODED     2
#define MAX_CODED       128
#define NWORKERS	1

#define PCKTSIZE 4096

/***************************************************************************
*                            TYPE DEFINITIONS
***************************************************************************/
/* unpacked encoded offset and length, gets packed into 12 bits and 4 bits*/
typedef struct encoded_string_t
{
    int offset;     /* offset to start of longest match */
    int length;     /* length of longest match */
} encoded_string_t;
// ---- end of gpu_compress.h ----

static __device__ encoded_string_t FindMatch(int windowHead, int uncodedHead, unsigned char* slidingWindow, unsigned char* uncodedLookahead, \
		int tx, int bx, int wfilepoint, int lastcheck, int loadcounter)
{
    encoded_string_t matchData;
    int i, j;
	int maxcheck;
	int matchingState=0;
	int loop=0;
	
	matchData.length = 1; // make it 1 in the 0 case, it will be returned as 1, 0 gives problems
	matchData.offset = 1; // make it 1 in the 0 case, it will be returned as 1, 0 gives problems
    i = windowHead ;  // start at the beginning of the sliding window //
    j = 0; //counter for matchings

	
	//if(lastcheck) 
		maxcheck = MAX_CODED - tx*lastcheck;
	//else
	//	maxcheck = MAX_CODED;
	
	int tempi=0;
	while (loop<WINDOW_SIZE)
	{
		if (slidingWindow[i] == uncodedLookahead[(uncodedHead+j)% (WINDOW_SIZE+MAX_CODED)])
		{
			j++;
			matchingState=1;		
		}
		else
		{
			if(matchingState && j > matchData.length)
			{
				matchData.length = j;
				tempi=i-j;
				if(tempi<0)
					tempi+=WINDOW_SIZE+MAX_CODED;
				matchData.offset = tempi;
			}
			
			j=0;
			matchingState=0;		
		}
	
		i = (i + 1) % (WINDOW_SIZE+MAX_CODED);
		loop++;	
		if (loop >= maxcheck-1)
		{
			/// we wrapped around ///
			loop = WINDOW_SIZE; //break;
		}
	}
	
	if(j > matchData.length && matchingState )
	{
		matchData.length = j;
		tempi=i-j;
		if(tempi<0)
			tempi+=WINDOW_SIZE+MAX_CODED;

		matchData.offset = tempi;
	}
		
	
    return matchData;
}

static __global__ void CompressBlock(unsigned char * in_d, unsigned char * out_d, int SIZEBLOCK)
{


	/* cyclic buffer sliding window of already read characters */
	__shared__ unsigned char slidingWindow[WINDOW_SIZE+(MAX_CODED)];
	__shared__ unsigned char uncodedLookahead[MAX_CODED*2];
	__shared__ unsigned char encodedData[MAX_CODED*2];
    encoded_string_t matchData;

	int windowHead, uncodedHead;    // head of sliding window and lookahead //
	int filepoint;			//file index pointer for reading
	int wfilepoint;			//file index pointer for writing
	int lastcheck;			//flag for last run of the packet
	int loadcounter=0;
	
	int bx = blockIdx.x;
	int tx = threadIdx.x; 
	
	
   //***********************************************************************
   // * Fill the sliding window buffer with some known values.  DecodeLZSS must
   // * use the same values.  If common characters are used, there's an
   // * increased chance of matching to the earlier strings.
   // *********************************************************************** //

	slidingWindow[tx] = ' ';
	windowHead = tx;
	uncodedHead = tx;	
	filepoint=0;
	wfilepoint=0;
	lastcheck=0;
	
	__syncthreads();

	
	//***********************************************************************
	//* Copy MAX_CODED bytes from the input file into the uncoded lookahead
	//* buffer.
	//*********************************************************************** //
  
	//uncodedLookahead[tx] = tex1Dfetch(in_d_tex, bx * PCKTSIZE + tx); //in_d[bx * PCKTSIZE + tx];
	uncodedLookahead[tx] = in_d[bx * PCKTSIZE + tx];
	filepoint+=MAX_CODED;
	
	slidingWindow[ (windowHead + WINDOW_SIZE ) % (WINDOW_SIZE + MAX_CODED) ] = uncodedLookahead[uncodedHead];
	//tex1Dfetch(in_d_tex, bx * PCKTSIZE + tx);//uncodedLookahead[uncodedHead];
	
	__syncthreads(); 
	
	//uncodedLookahead[MAX_CODED+tx] = tex1Dfetch(in_d_tex, bx * PCKTSIZE + filepoint + tx); //in_d[bx * PCKTSIZE + filepoint + tx];
	uncodedLookahead[MAX_CODED+tx] = in_d[bx * PCKTSIZE + filepoint + tx];
	filepoint+=MAX_CODED;
	

	
	__syncthreads();
	
    loadcounter++;
	// Look for matching string in sliding window //	
	matchData = FindMatch(windowHead, uncodedHead,slidingWindow,uncodedLookahead,  tx, bx, 0, 0,loadcounter);
	__syncthreads();  
	
	// now encoded the rest of the file until an EOF is read //
	while ((filepoint) <= PCKTSIZE && !lastcheck)
	{		
	
		
		
		if (matchData.length >= MAX_CODED)
        	{
            		// garbage beyond last data happened to extend match length //
            		matchData.length = MAX_CODED-1;
      		}

		if (matchData.length <= MAX_UNCODED)
		{
			// not long enough match.  write uncoded byte //
			matchData.length = 1;   // set to 1 for 1 byte uncoded //
			encodedData[tx*2] = 1;
			encodedData[tx*2 + 1] = uncodedLookahead[uncodedHead];
		}
		else if(matchData.length > MAX_UNCODED)
		{	
			// match length > MAX_UNCODED.  Encode as offset and length. //
			encodedData[tx*2] = (unsigned char)matchData.length;
			encodedData[tx*2+1] = (unsigned char)matchData.offset;			
		}

			
		//write out the encoded data into output
		out_d[bx * PCKTSIZE*2 + wfilepoint + tx*2] = encodedData[tx*2];
		out_d[bx * PCKTSIZE*2 + wfilepoint + tx*2 + 1] = encodedData[tx*2+1];
		
		//update written pointer and heads
		wfilepoint = wfilepoint + MAX_CODED*2;
		
		windowHead = (windowHead + MAX_CODED) % (WINDOW_SIZE+MAX_CODED);
		uncodedHead = (uncodedHead + MAX_CODED) % (MAX_CODED*2);
		
		__syncthreads(); 	

				
		//if(lastcheck==1)
		//{
		//	break;			
		//}	
		
		//if(!lastcheck)
		{
			if(filepoint<PCKTSIZE){
				//uncodedLookahead[(uncodedHead+ MAX_CODED)% (MAX_CODED*2)] = tex1Dfetch(in_d_tex, bx * PCKTSIZE + filepoint + tx);
				uncodedLookahead[(uncodedHead+ MAX_CODED)% (MAX_CODED*2)] = in_d[bx * PCKTSIZE + filepoint + tx];
				filepoint+=MAX_CODED;
				
				//find the location for the thread specific view of window
				slidingWindow[ (windowHead + WINDOW_SIZE ) % (WINDOW_SIZE + MAX_CODED) ] = uncodedLookahead[uncodedHead];
				//__syncthreads(); 	
			}
			else{
				lastcheck++;				
				slidingWindow[(windowHead + MAX_CODED ) % (WINDOW_SIZE+MAX_CODED)] = '^';		
			}
			__syncthreads(); 	
			
			loadcounter++;
			matchData = FindMatch(windowHead, uncodedHead,slidingWindow,uncodedLookahead,tx,bx, wfilepoint, lastcheck,loadcounter);
		}
		
	} //while
	
    if(lastcheck==1)
    {
        if(matchData.length > (MAX_CODED - tx))
            matchData.length = MAX_CODED - tx;
    }

    if (matchData.length >= MAX_CODED)
        {
            // garbage beyond last data happened to extend match length //
            matchData.length = MAX_CODED-1;
        }

    if (matchData.length <= MAX_UNCODED)
    {
        // not long enough match.  write uncoded byte //
        matchData.length = 1;   // set to 1 for 1 byte uncoded //
        encodedData[tx*2] = 1;
        encodedData[tx*2 + 1] = uncodedLookahead[uncodedHead];
    }
    else if(matchData.length > MAX_UNCODED)
    {
        // match length > MAX_UNCODED.  Encode as offset and length. //
        encodedData[tx*2] = (unsigned char)matchData.length;
        encodedData[tx*2+1] = (unsigned char)matchData.offset;
    }


    //write out the encoded data into output
    out_d[bx * PCKTSIZE*2 + wfilepoint + tx*2] = encodedData[tx*2];
    out_d[bx * PCKTSIZE*2 + wfilepoint + tx*2 + 1] = encodedData[tx*2+1];

    //update written pointer and heads
    wfilepoint = wfilepoint + MAX_CODED*2;

    windowHead = (windowHead + MAX_CODED) % (WINDOW_SIZE+MAX_CODED);
    uncodedHead = (uncodedHead + MAX_CODED) % (MAX_CODED*2);

}
