// tilelab kernel collection: GH-CUDA's Greiner-Hormann polygon clipping kernels (edge-pair intersection counts, neighbour map, intersection vertices with per-edge radix sorts, initial labels)
// Source:  https://github.com/buddhi1/GH-CUDA/blob/9ec7b8f3421bb6866a2e4010997aded839753441/src/gppolyclip_mDIV512-noFilters.cu
//          (buddhi1/GH-CUDA, commit 9ec7b8f; constants in lib/constants.h)
// Licence: MIT (the repository's LICENSE.md; the source file carries no notice of its own: it is repeated below).
// Kept, unchanged: lines 1-2, 7 and 9-893 (every kernel and device helper); removed: lines 3-6 (cuda.h, cuda_runtime.h,
//       thrust/scan.h, cooperative_groups.h: host or unused), 8 (the include of constants.h, copied in whole below), 894-1277 (host code). CRLF became LF.
/*
MIT License

Copyright (c) 2023 Buddhi Ashan

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
*/

#include <stdio.h>
#include <math.h>

// ---- lib/constants.h, lines 1-31 (whole)
#define EPSILON_POSITIONS 9
#define EPSILON  0.000000001 

// #define DEBUG_MODE 0
// #define DEBUG_INFO_PRINT 0
#define DEBUG_TIMING 1


#define CMBR_FILTER 0 // 1 enables CMBR filter and 0 disables
#define PREFIXSUM_FILTER 0 // 1 enables PREFIX sum filter and 0 disables
#define LSMF_FILTER 0 // 1 enables LSMF filter and 0 disables

// Smaller datasets
// #define xThreadPerBlock 4
// #define yThreadPerBlock 1
// #define yBlockPerGrid 1
// #define MAX_POLY2_SIZE 4
// #define SHARED_MEMORY_PADDING 1

// intermediate datasets
// #define xThreadPerBlock 16
// #define yThreadPerBlock 1
// #define yBlockPerGrid 4
// #define MAX_POLY2_SIZE 512
// #define SHARED_MEMORY_PADDING 1

// larger datasets
#define xThreadPerBlock 32
#define yThreadPerBlock 1
#define yBlockPerGrid 48
#define MAX_POLY2_SIZE 1024
#define SHARED_MEMORY_PADDING 1
// ---- end of lib/constants.h

typedef struct{
  double x, y;
} point;

__device__ double A(const point& P, const point& Q, const point& R){
	return (Q.x-P.x) * (R.y-P.y) - (Q.y-P.y) * (R.x-P.x);
}

// difference of two 2D points
__device__ point sub(const point& a, const point& b){ 
  point r;
  r.x=a.x-b.x;
  r.y=a.y-b.y;
  return r; 
}

// add two 2D points
__device__ point add(const point& a, const point& b){ 
  point r;
  r.x=a.x+b.x;
  r.y=a.y+b.y;
  return r; 
}

// multiply two 2D points
__device__ double mul(const point& a, const point& b){ 
  point r;
  r.x=a.x*b.x;
  r.y=a.y*b.y;
  return (r.x+r.y); 
}

// multiply scalar with 2D points
__device__ point mulScalar(const double c, const point& b){ 
  point r;
  r.x=c*b.x;
  r.y=c*b.y;
  return r; 
}

// find min
__device__ double getMin(double a, double b){
  if(a<b) return a;
  return b;
}

// find max
__device__ double getMax(double a, double b){
  if(a<b) return b;
  return a;
}

/*
-----------------------------------------------------------------
Function to returns the start index of the current id's 
intersections
Returns the intersection starting index
Runs in GPU
Called from Device
-------------------------------------------------------------------
*/
__device__ int getIntersectionStartIndex(int id, int *ps1){
  if(id==0) return 0;
  else return ps1[id];
}

/*
-----------------------------------------------------------------
Function to return intersection  type
Returns the type of the intersection
Runs in GPU
Called from Device
  NO_INTERSECTION, //0
  X_INTERSECTION,  //1
  T_INTERSECTION_Q, //2
  T_INTERSECTION_P, //3
  V_INTERSECTION, //4
  X_OVERLAP,      //5
  T_OVERLAP_Q,    //6
  T_OVERLAP_P,    //7
  V_OVERLAP       //8
-------------------------------------------------------------------
*/
__device__ int getIntersectType(
            const point& P1, const point& P2, 
            const point& Q1, const point& Q2,  
            double& alpha, double& beta){
	double AP1 = A(P1,Q1,Q2);
	double AP2 = A(P2,Q1,Q2);

	if (fabs(AP1-AP2) > EPSILON){
		// from here: [P1,P2] and [Q1,Q2] are not parallel
		// analyse potential intersection
		double AQ1 = A(Q1,P1,P2);
		double AQ2 = A(Q2,P1,P2);
		// compute alpha and beta
		alpha = AP1 / (AP1-AP2);
		beta  = AQ1 / (AQ1-AQ2);
		// classify alpha
		bool alpha_is_0 = false;
		bool alpha_in_0_1 = false;
		if ( (alpha > EPSILON) && (alpha < 1.0-EPSILON) )
			alpha_in_0_1 = true;
		else
			if (fabs(alpha) <= EPSILON)
				alpha_is_0 = true;
		// classify beta
		bool beta_is_0 = false;
		bool beta_in_0_1 = false;
		if ( (beta > EPSILON) && (beta < 1.0-EPSILON) )
			beta_in_0_1 = true;
		else
			if (fabs(beta) <= EPSILON)
				beta_is_0 = true;
		// distinguish intersection types
		if (alpha_in_0_1 && beta_in_0_1) return (1);  // return (X_INTERSECTION);
		if (alpha_is_0 && beta_in_0_1) return (2);    // return (T_INTERSECTION_Q);
		if (beta_is_0 && alpha_in_0_1) return (3);    // return (T_INTERSECTION_P);
		if (alpha_is_0 && beta_is_0) return (4);      // return (V_INTERSECTION);
	}else if (fabs(AP1) < EPSILON){
			// from here: [P1,P2] and [Q1,Q2] are collinear
			// analyse potential overlap			
      point dP = sub(P2, P1);
			point dQ = sub(Q2, Q1);
			point PQ = sub(Q1, P1);
			alpha = mul(PQ,dP) / mul(dP,dP);
			beta = -mul(PQ,dQ) / mul(dQ,dQ);
			// classify alpha
			bool alpha_is_0 = false;
			bool alpha_in_0_1 = false;
			bool alpha_not_in_0_1 = false;
			if ((alpha > EPSILON) && (alpha < 1.0-EPSILON))
				alpha_in_0_1 = true;
			else
				if (fabs(alpha) <= EPSILON)
					alpha_is_0 = true;
				else
					alpha_not_in_0_1 = true;
			// classify beta
			bool beta_is_0 = false;
			bool beta_in_0_1 = false;
			bool beta_not_in_0_1 = false;
			if ((beta > EPSILON) && (beta < 1.0-EPSILON))
				beta_in_0_1 = true;
			else
				if (fabs(alpha) <= EPSILON)
					beta_is_0 = true;
				else
					beta_not_in_0_1 = true;

			// distinguish intersection types
			if (alpha_in_0_1 && beta_in_0_1) return (5);      // return (X_OVERLAP);
			if (alpha_not_in_0_1 && beta_in_0_1) return (6);  // return (T_OVERLAP_Q);
			if (beta_not_in_0_1 && alpha_in_0_1) return (7);  // return (T_OVERLAP_P);
			if (alpha_is_0 && beta_is_0) return (8);          // return (V_OVERLAP);
		}
  return (0);	// return (NO_INTERSECTION); 
}

/*
-----------------------------------------------------------------
Function to get circular id of a given id 
Runs in GPU
Called from Device
-------------------------------------------------------------------
*/
__device__ int getCircularId(int id, int maxCount){
  if(maxCount==id) return 0;
  else if(id==-1) return maxCount-1;
  else return id;
}

/*
-----------------------------------------------------------------
Function to get relative position type
Runs in GPU
Called from Device
0 -> LEFT,
1 -> RIGHT,
2 -> IS_P_m,
3 -> IS_P_p
-------------------------------------------------------------------
*/
__device__ int oracle(int pMNId, int pPNId, int qId, const point& Q, const point& P1, const point& P2, const point& P3) {
  // is Q linked to P1 ?
  if(pMNId!=-100 && pMNId==qId) return 2;
  // is Q linked to P2 ?
  else if(pPNId!=-100 && pPNId==qId) return 3;
  // check relative position of Q with respect to chain (P1,P2,P3)
  double s1 = A(Q, P1, P2);
  double s2 = A(Q, P2, P3);
  double s3 = A(P1, P2, P3);
  if(s3>0){ 
    // chain makes a left turn
    if (s1>0 && s2>0)
      return 0;
    else
      return 1;
  }else{
    // chain makes a right turn (or is straight)
    if(s1<0 && s2<0)
      return 1;
    else
      return 0;
  }
}

/*
-----------------------------------------------------------------
Function to get initial classification label
Runs in GPU
Called from Device
Intersection Labels
0  NONE,
1  CROSSING,
2  BOUNCING,
3  LEFT_ON,
4  RIGHT_ON,
5  ON_ON,
6  ON_LEFT,
7  ON_RIGHT,
8  DELAYED_CROSSING,
9  DELAYED_BOUNCING
-------------------------------------------------------------------
*/
__device__ int getInitialLabel(int qMType, int qPType){
  // check non-overlapping cases
  if((qMType==0  && qPType==1)||(qMType==1 && qPType==0)){
    return 1;
  }
  if((qMType==0  && qPType==0)||(qMType==1 && qPType==1)){
    return 2;
  }
  // check overlapping cases
  if(((qPType==3) && (qMType==1))||((qMType==3) && (qPType==1))) return 3;
  if(((qPType==3) && (qMType==0))||((qMType==3) && (qPType==0))) return 4;
  if(((qPType==3) && (qMType==2))||((qMType==3) && (qPType==2))) return 5;
  if(((qMType==2) && (qPType==1))||((qPType==2) && (qMType==1))) return 6;
  if(((qMType==2) && (qPType==0))||((qPType==2) && (qMType==0))) return 7;
  else return -102;
}

/*
-----------------------------------------------------------------
Function to do counting sort of arr[] according to
  the digit represented by exp.
Returns sorted by single base digit
Runs in GPU
Called from Device
-------------------------------------------------------------------
*/
__device__ void gpuCountSort(int arr[], int tmpBucket[], int sortedIndicies[], int start, int end, int exp){
  int *output=tmpBucket; // used to track indices w.r.t original araay values
  int i, count[10] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  // Store count of occurrences in count[]
  for(i=start; i<end; i++){
    *(output+i)=sortedIndicies[i];
    count[(arr[*(output+i)] / exp) % 10]++;
  }
  // count prefix sum contains actual positions
  for(i=1; i<10; i++){
    count[i] += count[i - 1];
  }
  // Build the output array indices
  for(i=end-1; i>=start; i--){
    sortedIndicies[start+(count[(arr[*(output+i)] / exp) % 10]-1)]=*(output+i);
    count[(arr[*(output+i)] / exp) % 10]--;
  }
}

/*
-----------------------------------------------------------------
Function that sorts arr[] of size n using Radix Sort
Returns sorted array
Runs in GPU
Called from Device
-------------------------------------------------------------------
*/
__device__ void gpuRadixsort(int arr[], int tmpBucket[], int alphaSortedIndicies[], int start, int end){  
  // Do counting sort for every digit. Note that instead
  // of passing digit number, exp is passed. exp is 10^i
  // where i is current digit number
  int i, exp=1;
  for(i=start; i<end; i++){
      alphaSortedIndicies[i]=i;
  }
  for (i=1; i<=EPSILON_POSITIONS; i++){
    gpuCountSort(arr, tmpBucket, alphaSortedIndicies, start, end, exp);
    exp*=10;
  }
  // record sorted alpha values in tmpBucket
  for(i=start; i<end; ++i)
    tmpBucket[i]=arr[alphaSortedIndicies[i]];
}

/*
-----------------------------------------------------------------
Function to return vertex 2 of a given vertex 1
Returns index of vertex 2 
Runs in GPU
Called from Device
-------------------------------------------------------------------
*/
__device__ int gpuGetVertex2Index(int vertex1Index, int polySize[], int polyId){
  if(vertex1Index<polySize[polyId+1]-1) return vertex1Index+1;
  else if(vertex1Index=polySize[polyId+1]-1) return polySize[polyId];
}

/*
-----------------------------------------------------------------
Function: iterative search 
Returns location of x in given array arr[l..r] if present,
  otherwise -1
Runs in GPU
Called from Device
-------------------------------------------------------------------
*/
__device__ int gpuSearchPolygonId(int arr[], int numPol, int x){
  for(int i=0; i<numPol; ++i){
    if(arr[i]<=x && arr[i+1]>x)
      return i;
  }
  return -1;
}

/*
-----------------------------------------------------------------
Function to check if there is a overlap between given 2 edges 
Returns 1 if there is a overlap; else 0
Runs in GPU
Called from Device
-------------------------------------------------------------------
*/
__device__ int gpuLSMF(point P1, point P2, point Q1, point Q2){
  double minPX=P1.x, minPY=P1.y;
  double maxPX=P2.x, maxPY=P2.y;
  double minQX=Q1.x, minQY=Q1.y;
  double maxQX=Q2.x, maxQY=Q2.y;
  // this toggle way optimizes this computation well compared to using 8 min max calls seperately
  if(minPX>P2.x){
    minPX=P2.x;
    maxPX=P1.x;
  }
  if(minPY>P2.y){
    minPY=P2.y;
    maxPY=P1.y;
  }
  if(minQX>Q2.x){
    minQX=Q2.x;
    maxQX=Q1.x;
  }
  if(minQY>Q2.y){
    minQY=Q2.y;
    maxQY=Q1.y;
  }
  // check intersection between MBRs
  if(minPX>maxQX || maxPX<minQX) return 0;
  if(minPY>maxQY || maxPY<minQY) return 0;
  return 1;
}

/*
-----------------------------------------------------------------
Function to check if edegs are intersecting with the CMBR
Return prefix sum arrays.
  if a marked boolean array if the edges are intersecting with it
Runs in GPU
Called from Host
-------------------------------------------------------------------
*/
__global__ void gpuCMBRFilter(
                double *polyX, double *polyY, 
                double cmbrMinX, double cmbrMinY, double cmbrMaxX, double cmbrMaxY,
                int size, int *boolPs, int *ps1, int *ps2){
  int id=(blockIdx.y*gridDim.x+blockIdx.x)*blockDim.x+threadIdx.x;
  
  if(id>size) return;
  
  point P1, P2;
  P1.x=polyX[id];
  P1.y=polyY[id];
  P2.x=polyX[(id+1)%size];
  P2.y=polyY[(id+1)%size];

  double minX=getMin(P1.x, P2.x), minY=getMin(P1.y, P2.y);
  double maxX=getMax(P1.x, P2.x), maxY=getMax(P1.y, P2.y);

  boolPs[id]=1;
  ps1[id]=0;
  ps2[id]=1; //by default paren is in the list. Hence the initial value
  if(minX>cmbrMaxX || maxX<cmbrMinX) boolPs[id]=0;
  if(minY>cmbrMaxY || maxY<cmbrMinY) boolPs[id]=0;
  // if(boolPs[id]!=1) printf("/// %d\n", id);
}

/*
-----------------------------------------------------------------
Function to record all indicies which intersects with CMBR 
Return prefix sum arrays.
  index arrays
Runs in GPU
Called from Host
-------------------------------------------------------------------
*/
__global__ void gpuSaveCMBRIntersectedIndicies(
                double *polyX, double *polyY, 
                double cmbrMinX, double cmbrMinY, double cmbrMaxX, double cmbrMaxY,
                int size, int *boolPol, int *boolPs){
  int id=(blockIdx.y*gridDim.x+blockIdx.x)*blockDim.x+threadIdx.x;
  
  if(id>size) return;
  
  point P1, P2;
  P1.x=polyX[id];
  P1.y=polyY[id];
  P2.x=polyX[(id+1)%size];
  P2.y=polyY[(id+1)%size];

  double minX=getMin(P1.x, P2.x), minY=getMin(P1.y, P2.y);
  double maxX=getMax(P1.x, P2.x), maxY=getMax(P1.y, P2.y);

  int intersect=1;
  if(minX>cmbrMaxX || maxX<cmbrMinX) intersect=0;
  if(minY>cmbrMaxY || maxY<cmbrMinY) intersect=0;
  if(intersect){
    boolPol[boolPs[id]]=id;
    // if(boolPs[id]!=id) printf("Error %d %d \n", id, boolPs[id]);
  }
}

/*
-----------------------------------------------------------------
Function to count all intersections. Simple bool check CMBR filter
Return prefix sum arrays.
  *prefix sum of count of all intersection vertices x2 (P and Q)
  *prefix sum of count of all intersection vertices excluding 
   degenerate cases x2 (P and Q)
Runs in GPU
Called from Host
-------------------------------------------------------------------
*/
__global__ void gpuCountIntersections(
                  double *polyPX, double *polyPY, 
                  double *polyQX,  double *polyQY, 
                  int sizeP, int sizeQ,
                  int *psP1, int *psP2){
  int id=(blockIdx.y*gridDim.x+blockIdx.x)*blockDim.x+threadIdx.x;
  int idx=threadIdx.x;  
  __shared__ double poly2X_shared[MAX_POLY2_SIZE+1], poly2Y_shared[MAX_POLY2_SIZE+1] /*+1 for halo next*/;
  double alpha;
  double beta;
  point I;
  int count1=0, count2=0, size=0, qid;
  point P1, P2, Q1, Q2;

  int tiles=(sizeQ+MAX_POLY2_SIZE-1)/MAX_POLY2_SIZE;
  int tileCellsPerThread=MAX_POLY2_SIZE/blockDim.x;
  if(id<sizeP){
    P1.x = polyPX[id];
    P1.y = polyPY[id];
    P2.x = polyPX[(id+1)%sizeP];
    P2.y = polyPY[(id+1)%sizeP];
  }
  for(int tileId=0; tileId<tiles; tileId++){
    size=MAX_POLY2_SIZE;
    qid=idx*SHARED_MEMORY_PADDING;
    if(tileId==tiles-1 && sizeQ%MAX_POLY2_SIZE!=0){
      size=sizeQ%MAX_POLY2_SIZE;
      qid=0;
    }
    for(int localId=0; localId<tileCellsPerThread; ++localId){
      if(tileId!=tiles-1 || (tileId==tiles-1 && idx<size)){
        // load data into shared memory collaboratively
        poly2X_shared[idx+(blockDim.x*localId)]=polyQX[idx+(blockDim.x*localId)+(tileId*MAX_POLY2_SIZE)];
        poly2Y_shared[idx+(blockDim.x*localId)]=polyQY[idx+(blockDim.x*localId)+(tileId*MAX_POLY2_SIZE)];
        if(tileId!=tiles-1 && idx==blockDim.x-1 && localId==tileCellsPerThread-1){
          poly2X_shared[idx+(blockDim.x*localId)+1]=polyQX[idx+(blockDim.x*localId)+1+(tileId*MAX_POLY2_SIZE)];
          poly2Y_shared[idx+(blockDim.x*localId)+1]=polyQY[idx+(blockDim.x*localId)+1+(tileId*MAX_POLY2_SIZE)];
        }
      }
    } 
    __syncthreads();
    // if(boolPIndex[id]) 
    {
      for(int qCount=0; qCount<size; qid=((qid+1)%size), ++qCount){   
      // for(int qid=0; qid<size; qid++){  
        Q1.x = poly2X_shared[qid];
        Q1.y = poly2Y_shared[qid];
        // reset P2 vertex of last edge to first vertex
        if(tileId==tiles-1 && qid==size-1){
          Q2.x=polyQX[0];
          Q2.y=polyQY[0];
        }else{
          Q2.x=poly2X_shared[qid+1];
          Q2.y=poly2Y_shared[qid+1];
        }      
        // if MBRs of two edges does not have a CMBR, there cannot be any intersection at all
        // if(gpuLSMF(P1, P2, Q1, Q2))
        {
          // determine intersection or overlap type
          int i = getIntersectType(P1, P2, Q1, Q2, alpha, beta);
          if(i!=0){
            count1++;
            if(i==1 || i==3 || i==5 || i==7)
              count2++;
          }        
        }
      } 
    }
    __syncthreads();
  }
  if(id<sizeP){
    count2++; //represent the parent vertex 
    psP1[id]=count1;
    psP2[id]=count2; 
  }
}
__global__ void gpuNeighborMap(
                  double *polyPX, double *polyPY, 
                  double *polyQX,  double *polyQY, 
                  int sizeP, int sizeQ, 
                  int *psP1, int *psQ1, int *psQ2,
                  int *neighborMapQ){
  int id=(blockIdx.y*gridDim.x+blockIdx.x)*blockDim.x+threadIdx.x;
  double alpha;
  double beta;
  point I;
  int count1=0, count2=0, nonDegenCount=0;

  if(id>=sizeQ) return;

  neighborMapQ[psQ2[id]+count2]=-100;  
  // check if the current edge has any intersections. If not return
  // printf("id %d %d %d \n", id, psQ1[id], psQ1[id+1]);
  // CMBR filter: check if the edge intersect with CMBR (from boolPIndex)
  // prefix sum filter: check if the current edge has any intersection count
  // if(psQ1[id+1]!=psQ1[id])
  {
    point P1, P2, Q1, Q2;

    P1.x = polyQX[id];
    P1.y = polyQY[id];
    P2.x = polyQX[(id+1)%sizeQ];
    P2.y = polyQY[(id+1)%sizeQ];

    for(int qid=0; qid<sizeP; qid++){        
      // prefix sum filter: check if the current edge has any intersection count      
      // if(psP1[qid+1]!=psP1[qid])
      {
        Q1.x = polyPX[qid];
        Q1.y = polyPY[qid];
        Q2.x = polyPX[(qid+1)%sizeP];
        Q2.y = polyPY[(qid+1)%sizeP];

        // if(gpuLSMF(P1, P2, Q1, Q2))
        {
          // determine intersection or overlap type
          int i = getIntersectType(P1, P2, Q1, Q2, alpha, beta);
          if(i!=0){
            count1++;
            if((id<sizeP && (i==1 || i==3 || i==5 || i==7)) || (id>=sizeP && (i==1 || i==3 || i==5 || i==7))){
              nonDegenCount++;
              count2=nonDegenCount;
            }
            else if((id<sizeP && (i==2 || i==4 || i==6 || i==8)) || (id>=sizeP && (i==2 || i==4 || i==6 || i==8)))
              count2=0;

            neighborMapQ[psQ2[id]+count2]=qid;      
          }
        }
      }
    }
  } 
}

/*
-----------------------------------------------------------------
Function to calculate all intersections save them in the correct 
location using prefixsum arrays and make neighbor connections
Returns 
  *intersection arrays with orginal vertices in them x2 (P and Q)
  *neighbor arrays x2 (P and q)
Runs in GPU
Called from Host
-------------------------------------------------------------------
*/
__global__ void gpuCalculateIntersections(
                  double *polyPX, double *polyPY, 
                  double *polyQX, double *polyQY, 
                  int sizeP, int sizeQ, 
                  int *psP1, int *psP2, int *psQ1, int *psQ2, 
                  double *intersectionsP, double *intersectionsQ, double *intersectionsP2, double *intersectionsQ2,
                  int *alphaValuesP, int *alphaValuesQ, int *tmpBucketP, int *alphaSortedIndiciesP,
                  int *neighborP, int *neighborQ, int *neighborP2, int *neighborQ2,
                  int *neighborMapQ /*, int *boolPIndex, int *boolQIndex*/){
  int id=(blockIdx.y*gridDim.x+blockIdx.x)*blockDim.x+threadIdx.x;
  double alpha;
  double beta;
  point I;
  int count1=0, count2=0, nonDegenCount=0, start, end, localI, neighborQId;

  if(id>=sizeP) return;

  point P1, P2, Q1, Q2;
  int pid=id;

  intersectionsP[psP2[pid]*2]=polyPX[pid];       //consider edge for the intersection array
  intersectionsP[psP2[pid]*2+1]=polyPY[pid];
  intersectionsP2[psP2[pid]*2]=polyPX[pid];       //consider edge for the intersection array
  intersectionsP2[psP2[pid]*2+1]=polyPY[pid];
  alphaValuesP[psP2[pid]]=-100;

  if(id<sizeQ){
    intersectionsQ[psQ2[pid]*2]=polyQX[pid];       //consider edge for the intersection array
    intersectionsQ[psQ2[pid]*2+1]=polyQY[pid];
    intersectionsQ2[psQ2[pid]*2]=polyQX[pid];       //consider edge for the intersection array
    intersectionsQ2[psQ2[pid]*2+1]=polyQY[pid];
  }

  // prefix sum filter: check if the current edge has any intersection count      
  // if(psP1[id+1]!=psP1[id])
  // CMBR filter followed by prefix sum filter
  // if(boolPIndex[id] && psP1[id+1]!=psP1[id])
  {
    P1.x = polyPX[pid];
    P1.y = polyPY[pid];
    P2.x = polyPX[(pid+1)%sizeP];
    P2.y = polyPY[(pid+1)%sizeP];

    for(int qid=0; qid<sizeQ; qid++){
      // prefix sum filter: check if the current edge has any intersection count      
      // if(psQ1[qid+1]!=psQ1[qid])
      // CMBR filter followed by prefix sum filter
      // if(boolQIndex[qid] && psQ1[qid+1]!=psQ1[qid])
      {
        Q1.x = polyQX[qid];
        Q1.y = polyQY[qid];
        Q2.x = polyQX[(qid+1)%sizeQ];
        Q2.y = polyQY[(qid+1)%sizeQ];

        // if(gpuLSMF(P1, P2, Q1, Q2))
        {
          // determine intersection or overlap type
          int i = getIntersectType(P1, P2, Q1, Q2, alpha, beta);
          if(i){
            count1++;
            if(i==1 || i==3 || i==5 || i==7){
              nonDegenCount++;
              count2=nonDegenCount;
            }
            else if(i==2 || i==4 || i==6 || i==8)
              count2=0;
            start=psQ2[qid];
            end=psQ2[qid+1];

            if(i!=5){
              // local search to find the index of qid
              for(localI=start; localI<end; ++localI){
                if(pid==neighborMapQ[localI]){
                  neighborQId=localI;
                  neighborP[psP2[pid]+count2]=neighborQId+1;   //+1 acting as a padding and helps to identify 0 being empty 
                  neighborP2[psP2[pid]+count2]=neighborQId+1;   //+1 acting as a padding and helps to identify 0 being empty 
                  neighborQ[neighborQId]=psP2[pid]+count2+1;   //+1 acting as a padding and helps to identify 0 being empty 
                  neighborQ2[neighborQId]=psP2[pid]+count2+1;   //+1 acting as a padding and helps to identify 0 being empty 
                  localI=end+2; // break; 
                }
              }
            }else{
              neighborQId=start;
              neighborP[psP2[pid]+count2]=neighborQId+1;   //+1 acting as a padding and helps to identify 0 being empty 
              neighborP2[psP2[pid]+count2]=neighborQId+1;   //+1 acting as a padding and helps to identify 0 being empty 
              neighborQ[neighborQId]=psP2[pid]+count2+1;   //+1 acting as a padding and helps to identify 0 being empty 
              neighborQ2[neighborQId]=psP2[pid]+count2+1;
              
              for(localI=start; localI<end; ++localI){
                if(pid==neighborMapQ[localI]){
                  neighborQId=localI;
                  neighborP[psP2[pid]]=neighborQId+1;   //+1 acting as a padding and helps to identify 0 being empty 
                  neighborP2[psP2[pid]]=neighborQId+1;   //+1 acting as a padding and helps to identify 0 being empty 
                  neighborQ[neighborQId]=psP2[pid]+1;   //+1 acting as a padding and helps to identify 0 being empty 
                  neighborQ2[neighborQId]=psP2[pid]+1;   //+1 acting as a padding and helps to identify 0 being empty 
                  localI=end+2; // break; 
                }
              }
            }
            switch(i) {
              // case X_INTERSECTION:
              // I and I
              case 1:
                I = add(mulScalar((1.0-alpha), P1), mulScalar(alpha, P2));
                intersectionsP[(psP2[pid]+count2)*2]=I.x;       //consider edge for the intersection array
                intersectionsP[(psP2[pid]+count2)*2+1]=I.y;
                intersectionsP2[(psP2[pid]+count2)*2]=I.x;       //consider edge for the intersection array
                intersectionsP2[(psP2[pid]+count2)*2+1]=I.y;
                alphaValuesP[psP2[pid]+count2]=(int)pow(10, EPSILON_POSITIONS)*alpha;

                intersectionsQ[neighborQId*2]=I.x;       //consider edge for the intersection array
                intersectionsQ[neighborQId*2+1]=I.y;
                intersectionsQ2[neighborQId*2]=I.x;       //consider edge for the intersection array
                intersectionsQ2[neighborQId*2+1]=I.y;
                alphaValuesQ[neighborQId]=(int)pow(10, EPSILON_POSITIONS)*beta;
                break;
              // X-overlap
              // P1 and I(=P1 I is in Q)
              // I(=Q1 I is in P) and Q1
              case 5:
                intersectionsP[(psP2[pid]+count2)*2]=Q1.x;
                intersectionsP[(psP2[pid]+count2)*2+1]=Q1.y;
                intersectionsP2[(psP2[pid]+count2)*2]=Q1.x;
                intersectionsP2[(psP2[pid]+count2)*2+1]=Q1.y;
                alphaValuesP[psP2[pid]+count2]=(int)pow(10, EPSILON_POSITIONS)*alpha;

                intersectionsQ[neighborQId*2]=P1.x;    
                intersectionsQ[neighborQId*2+1]=P1.y;
                intersectionsQ2[neighborQId*2]=P1.x;    
                intersectionsQ2[neighborQId*2+1]=P1.y;
                alphaValuesQ[neighborQId]=(int)pow(10, EPSILON_POSITIONS)*beta;
                break;
              // case T_INTERSECTION_Q:
              // case T_OVERLAP_Q:
              // P1 and I(=P1 is in Q)
              case 2:
              case 6:
                alphaValuesP[psP2[pid]]=(int)pow(10, EPSILON_POSITIONS)*alpha;

                intersectionsQ[neighborQId*2]=P1.x;
                intersectionsQ[neighborQId*2+1]=P1.y;
                intersectionsQ2[neighborQId*2]=P1.x;
                intersectionsQ2[neighborQId*2+1]=P1.y;
                alphaValuesQ[neighborQId]=(int)pow(10, EPSILON_POSITIONS)*beta;
              break;
              // case T_INTERSECTION_P:
              // case T_OVERLAP_P:
              // I(=Q1 is in P) and Q1
              case 3:
              case 7:
                intersectionsP[(psP2[pid]+count2)*2]=Q1.x;
                intersectionsP[(psP2[pid]+count2)*2+1]=Q1.y;
                intersectionsP2[(psP2[pid]+count2)*2]=Q1.x;
                intersectionsP2[(psP2[pid]+count2)*2+1]=Q1.y;
                alphaValuesP[psP2[pid]+count2]=(int)pow(10, EPSILON_POSITIONS)*alpha;

                alphaValuesQ[psQ2[qid]]=(int)pow(10, EPSILON_POSITIONS)*beta;
                break;
              // case V_INTERSECTION:
              // case V_OVERLAP:
              // P1 and Q1
              case 4:
              case 8:
                alphaValuesP[psP2[pid]]=(int)pow(10, EPSILON_POSITIONS)*alpha;
                
                alphaValuesQ[psQ2[qid]]=(int)pow(10, EPSILON_POSITIONS)*beta;
                break;
            } 
          } 
        }
      }
    }
  
    // --------------------------------------------------------------------------------------------
    // local sort for each edge, start to end
    // --------------------------------------------------------------------------------------------
    start=psP2[pid];
    end=psP2[pid+1];
    // sort intersection vertices in this edge locally
    if((end-start)>2){
      gpuRadixsort(alphaValuesP, tmpBucketP, alphaSortedIndiciesP, start+1, end);
      // using sorted index array, change intersection locations in the array and neighbors
      // decending order JUST FOR TESING
      // for(int i=start+1, j=end-1; i<end; ++i, j--){
      // acending order of alpha values 
      for(int i=start+1, j=start+1; i<end; i++, j++){
        alphaValuesP[i]=tmpBucketP[j];
        intersectionsP[i*2]=intersectionsP2[alphaSortedIndiciesP[j]*2];
        intersectionsP[i*2+1]=intersectionsP2[alphaSortedIndiciesP[j]*2+1];
        neighborP[i]=neighborP2[alphaSortedIndiciesP[j]];
        neighborQ[neighborP2[alphaSortedIndiciesP[j]]-1]=i+1; //+1 is the padding. When reading do -1
        neighborQ2[neighborP2[alphaSortedIndiciesP[j]]-1]=i+1; //updates neighborQ2 as the new original to be used with sorted Q array
      } 
    } 
  // --------------------------------------------------------------------------------------------
  }
}

/*
-----------------------------------------------------------------
Function to save vertices of Q in edge wise sorted order
Runs in GPU
Called from Host
-------------------------------------------------------------------
*/
__global__ void gpuSortPolyQ(
                  int sizeQ, 
                  int *psQ2, 
                  double *intersectionsQ, double *intersectionsQ2,
                  int *alphaValuesQ, int *tmpBucketQ,  int *alphaSortedIndiciesQ,
                  int *neighborP, int *neighborQ, int *neighborQ2){
  int id=(blockIdx.y*gridDim.x+blockIdx.x)*blockDim.x+threadIdx.x;

  if(id<sizeQ){
    int start=psQ2[id], end=psQ2[id+1];
    // sort intersection vertices in this edge locally
    if((end-start)>2){
      gpuRadixsort(alphaValuesQ, tmpBucketQ, alphaSortedIndiciesQ, start+1, end);
      // using sorted index array, change intersection locations in the array and neighbors
      // decending order JUST FOR TESING
      // for(int i=start+1, j=end-1; i<end; ++i, j--){
      // acending order of alpha values 
      for(int i=start+1, j=start+1; i<end; i++, j++){
        alphaValuesQ[i]=tmpBucketQ[j];////////////////?????????????????????? need to swap alpha too!!!
        // (x,y,alpha) tuple change in sorted order
        intersectionsQ[i*2]=intersectionsQ2[alphaSortedIndiciesQ[j]*2];
        intersectionsQ[i*2+1]=intersectionsQ2[alphaSortedIndiciesQ[j]*2+1];
        //neighbor array update
        neighborQ[i]=neighborQ2[alphaSortedIndiciesQ[j]];
        neighborP[neighborQ2[alphaSortedIndiciesQ[j]]-1]=i+1; //+1 is the padding. When reading do -1 //[]= i+1
      } 
    } 
  }
}

/*
-----------------------------------------------------------------
Function to calculate initial label
Returns 
  *initial labels x2 (P and Q)
Runs in GPU
Called from Host
-------------------------------------------------------------------
*/
__global__ void gpuCalculateInitLabel(
                int sizeP, int *psP2,
                double *intersectionsP, double *intersectionsQ, int *alphaValuesP, 
                int *neighborP,
                int sizeNP, int sizeNQ, int *initLabelsP, int *initLabelsQ){
  int id=(blockIdx.y*gridDim.x+blockIdx.x)*blockDim.x+threadIdx.x;
  int pid=id;
  if(id>=sizeP) return;
  int start=psP2[pid], end=psP2[pid+1];
  // int start=psP2[id], end=psP2[id+1];
  int tmpId, nId, pMNId, pPNId;
  point pM, pP, qM, qP, current;
  int qMType, qPType, tmpIniLabel;
  int i;
  for(i=start; i<end; i++){
    initLabelsP[i]=-100;
    if(alphaValuesP[i]!=-100){    //consider intersections only
      current.x=intersectionsP[i*2]; 
      current.y=intersectionsP[i*2+1]; 
      tmpId=getCircularId(i-1, sizeNP);
      // determine local configuration at this intersection vertex
      pM.x=intersectionsP[tmpId*2];                // P-, predecessor of I on P
      pM.y=intersectionsP[tmpId*2+1];                // P-, predecessor of I on P
      // if(intersectionsP[tmpId*2+2]!=-100)
      if(alphaValuesP[tmpId]!=-100)
        pMNId=neighborP[tmpId]-1; //get neighbor id of P_m vertex
      else pMNId=-100;

      tmpId=getCircularId(i+1, sizeNP);
      pP.x=intersectionsP[tmpId*2];                // P+, successor of I on P
      pP.y=intersectionsP[tmpId*2+1];                // P+, successor of I on P
      if(alphaValuesP[tmpId]!=-100)
        pPNId=neighborP[tmpId]-1; //get neighbor id of P_p vertex
      else pPNId=-100;

      // nId=getNeighborIndex(i, neighborMapP, neighborQ);
      nId=neighborP[i]-1;
      tmpId=getCircularId(nId-1, sizeNQ);
      qM.x=intersectionsQ[tmpId*2];     // Q-, predecessor of I on Q
      qM.y=intersectionsQ[tmpId*2+1];     // Q-, predecessor of I on Q
      qMType=oracle(pMNId, pPNId, tmpId, qM, pM, current, pP);

      tmpId=getCircularId(nId+1, sizeNQ);
      qP.x=intersectionsQ[tmpId*2];     // Q+, successor of I on P
      qP.y=intersectionsQ[tmpId*2+1];     // Q+, successor of I on P
      qPType=oracle(pMNId, pPNId, tmpId, qP, pM, current, pP);

      tmpIniLabel=getInitialLabel(qMType, qPType);
      initLabelsP[i]=tmpIniLabel;
      initLabelsQ[nId]=tmpIniLabel;
    }
  }
}

