// tilelab kernel collection: CUDA_PlanarConvexHull's quickHullKernel (points above a directed line, farthest-point search, hull indices appended by atomicAdd)
// Source:  https://github.com/cima22/CUDA_PlanarConvexHull/blob/7b059fa903062d794e9b0a7dde85c69e2a27cb73/src/quickhull/cuda_quickhull.cu
//          (cima22/CUDA_PlanarConvexHull, commit 7b059fa; struct Point in src/points_generation/random_points.h)
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: it is repeated below).
// Kept, unchanged: lines 1-2, 4, 9-69 (the device helpers and the kernel); removed: lines 3, 5-8 (iostream, the points header,
//       vector, chrono, cuda_runtime.h: host; the header's struct is copied in below) and 70-159 (host code).
/*
MIT License

Copyright (c) 2023 cima22

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
#include <stdlib.h>
#include <cmath>
// ---- src/points_generation/random_points.h, lines 10-13 (struct Point)
struct Point {
    double x;
    double y;
};
// ---- end of random_points.h

using namespace std;

// Function to compute distance between points
__device__ double distance(Point p1, Point p2) {
    double dx = p1.x - p2.x;
    double dy = p1.y - p2.y;
    return sqrt(dx * dx + dy * dy);
}

// Function to compute distance between a line PQ and a point
__device__ double distanceToLine(Point lineStart, Point lineEnd, Point point) {
    double lineLength = distance(lineStart, lineEnd);
    double area = 0.5f * fabsf(
        (lineEnd.x - lineStart.x) * (lineStart.y - point.y) - 
        (lineStart.x - point.x) * (lineEnd.y - lineStart.y)
    );
    return (2.0f * area) / lineLength;
}

// Check if a point is above the line PQ in a clockwise orientation
__device__ bool isAboveClockwise(Point p, Point q, Point point) {
	// Cross product gives which is the orientation
    double cross = ((q.x - p.x) * (point.y - p.y)) - ((point.x - p.x) * (q.y - p.y));
    return cross > 0;
}

// Kernel to compute the convex hull given a set of points in the plane
__global__ void quickHullKernel(Point* points, int numPoints, Point left, Point right, int* hullPoints, int* numHullPoints) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;

    if (tid >= numPoints) return;

    double maxDistance = -1.0f;
    int maxIndex = -1;

    // Find farthest point
    for (int i = tid; i < numPoints; i += blockDim.x * gridDim.x) {
    	if (isAboveClockwise(left, right,  points[i])) {
        	double distance = distanceToLine(left, right, points[i]);
        	if (distance > maxDistance) {
            	maxDistance = distance;
            	maxIndex = i;
            }
        }
    }

    // Add the resulting point to the hull
    if (maxIndex >= 0) {
        int index = atomicAdd(numHullPoints, 1);
        hullPoints[index] = maxIndex;

        Point p = points[maxIndex];

        // Find left-most points
        if (numPoints > 0) {
            int innerIndex = atomicAdd(numHullPoints, 1);
            hullPoints[innerIndex] = tid;
        }
    }
}
