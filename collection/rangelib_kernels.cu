// tilelab kernel collection: range_libc's CUDA ray marching on a 2-D occupancy grid's distance transform, the ray
// casting of a LiDAR-style particle-filter localizer: cuda_ray_marching (one ray a thread from grid-space x, y,
// theta), cuda_ray_marching_world_to_grid (the same from ROS world coordinates, converted in the kernel),
// Source:  https://github.com/kctess5/range_libc/blob/1251dc3c72f8dd72204ca32ac745fa90cb097e4e/includes/kernels.cu
//          (kctess5/range_libc, commit 1251dc3, the repository's head; Corey Walsh's 2-D ray casting library)
// Licence: Apache-2.0 (the repository's license.txt, "Copyright 2017 Corey H. Walsh"; the file carries no notice).
// cuda_ray_marching_angles_world_to_grid (particles x beam angles, one ray a thread) and cuda_eval_sensor_table
// (a beam model's lookup table read per ray and particle).
// Kept: lines 12-197 (DIST_THRESHOLD, STEP_COEFF, the __device__ distance and clamp, the four __global__ kernels and
//       the commented-out cuda_accumulate_weights), unchanged. Removed: lines 1-11 (the includes of
//       includes/CudaRangeLib.h, whose RayMarchingCUDA class and ROS_WORLD_TO_GRID_CONVERSION / M_PI defines only the
//       host uses, cuda.h, string, iostream, sstream, vector, stdio.h) and lines 198-315 (err_check and the host class
//       RayMarchingCUDA: allocation, the launches, the copies).
// Selection, fixed before any run (collection/manifest.toml, the rangelib_ entries): every __global__ kernel of the
// file, none dropped for its result, each launched as the host launches it, <<<CHUNK_SIZE / NUM_THREADS,
// NUM_THREADS>>> over the whole chunk buffers (ins CHUNK_SIZE * 3 floats, outs CHUNK_SIZE floats) with num_casts <=
// CHUNK_SIZE; cuda_eval_sensor_table, whose only launch (calc_range_repeat_angles_eval_sensor_model) is commented out,
// as that commented-out code launches it. CMakeLists.txt's CHUNK_SIZE 262144 replaced by 512 (NUM_THREADS 256 kept:
// 2 blocks), the map a 64 x 48 occupancy grid (walls, two boxes), its L2 distance transform in cells as the
// host's DistanceTransform builds it (distMap[x * height + y]); 400 and 512 grid rays, 400 world poses, 20 x 24 and
// 8 x 60 poses x beams; world scale 0.0625 m, world angle 0.
//
// Copyright 2017 Corey H. Walsh (corey.walsh11@gmail.com)
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//      http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.
//
// Changed (the Apache License's 4(b)): the includes and the host code named above were removed; the device code is
// unchanged.

#define DIST_THRESHOLD 0.0
#define STEP_COEFF 0.999

__device__ float distance(int x, int y, float *distMap, int width, int height) {
	return distMap[x * height + y];
}

__global__ void cuda_ray_marching(float * ins, float * outs, float * distMap, int width, int height, float max_range, int num_casts) {
	int ind = blockIdx.x*blockDim.x + threadIdx.x;
	if (ind >= num_casts) return; 
	float x0 = ins[ind*3];
	float y0 = ins[ind*3+1];
	float theta = ins[ind*3+2];

	float ray_direction_x = cosf(theta);
	float ray_direction_y = sinf(theta);

	int px = 0;
	int py = 0;

	float t = 0.0;
	float out = max_range;
	// int iters = 0;
	while (t < max_range) {
		px = x0 + ray_direction_x * t;
		py = y0 + ray_direction_y * t;

		if (px >= width || px < 0 || py < 0 || py >= height) {
			out = max_range;
			break;
		}

		float d = distance(px,py, distMap, width, height);

		if (d <= DIST_THRESHOLD) {
			float xd = px - x0;
			float yd = py - y0;
			out =  sqrtf(xd*xd + yd*yd);
			break;
		}

		t += fmaxf(d * STEP_COEFF, 1.0);
		// iters ++;
	}
	outs[ind] = out;
}

__global__ void cuda_ray_marching_world_to_grid(float * ins, float * outs, float * distMap, int width, int height, float max_range, int num_casts, float world_origin_x, float world_origin_y, float world_scale, float inv_world_scale, float world_sin_angle, float world_cos_angle, float rotation_const) {
	int ind = blockIdx.x*blockDim.x + threadIdx.x;
	if (ind >= num_casts) return; 

	float x_world = ins[ind*3];
	float y_world = ins[ind*3+1];
	float theta_world = ins[ind*3+2];
	
	// convert x0,y0,theta from world to grid space coordinates
	float x0 = (x_world - world_origin_x) * inv_world_scale;
	float y0 = (y_world - world_origin_y) * inv_world_scale;
	float temp = x0;
	x0 = world_cos_angle*x0 - world_sin_angle*y0;
	y0 = world_sin_angle*temp + world_cos_angle*y0;
	float theta = -theta_world + rotation_const;

	// swap components
	temp = x0;
	x0 = y0;
	y0 = temp;

	// do ray casting
	float ray_direction_x = cosf(theta);
	float ray_direction_y = sinf(theta);

	int px = 0;
	int py = 0;

	float t = 0.0;
	float out = max_range;
	while (t < max_range) {
		px = x0 + ray_direction_x * t;
		py = y0 + ray_direction_y * t;

		if (px >= width || px < 0 || py < 0 || py >= height) {
			out = max_range;
			break;
		}

		float d = distance(px,py, distMap, width, height);

		if (d <= DIST_THRESHOLD) {
			float xd = px - x0;
			float yd = py - y0;
			out =  sqrtf(xd*xd + yd*yd);
			break;
		}

		t += fmaxf(d * STEP_COEFF, 1.0);
	}
	outs[ind] = out * world_scale;
}

__global__ void cuda_ray_marching_angles_world_to_grid(float * ins, float * outs, float * distMap, int width, int height, float max_range, int num_particles, int num_angles, float world_origin_x, float world_origin_y, float world_scale, float inv_world_scale, float world_sin_angle, float world_cos_angle, float rotation_const) {
	int ind = blockIdx.x*blockDim.x + threadIdx.x;
	if (ind >= num_angles*num_particles) return; 

	int angle_ind = fmodf( ind, num_angles );
	int particle_ind = (float) ind / (float) num_angles;

	float x_world = ins[particle_ind*3];
	float y_world = ins[particle_ind*3+1];
	float theta_world = ins[particle_ind*3+2];
	
	// convert x0,y0,theta from world to grid space coordinates
	float x0 = (x_world - world_origin_x) * inv_world_scale;
	float y0 = (y_world - world_origin_y) * inv_world_scale;
	float temp = x0;
	x0 = world_cos_angle*x0 - world_sin_angle*y0;
	y0 = world_sin_angle*temp + world_cos_angle*y0;
	float theta = -theta_world + rotation_const - ins[num_particles * 3 + angle_ind];

	// swap components
	temp = x0;
	x0 = y0;
	y0 = temp;

	// do ray casting
	float ray_direction_x = cosf(theta);
	float ray_direction_y = sinf(theta);

	int px = 0;
	int py = 0;

	float t = 0.0;
	float out = max_range;
	while (t < max_range) {
		px = x0 + ray_direction_x * t;
		py = y0 + ray_direction_y * t;

		if (px >= width || px < 0 || py < 0 || py >= height) {
			out = max_range;
			break;
		}

		float d = distance(px,py, distMap, width, height);

		if (d <= DIST_THRESHOLD) {
			float xd = px - x0;
			float yd = py - y0;
			out =  sqrtf(xd*xd + yd*yd);
			break;
		}
		t += fmaxf(d * STEP_COEFF, 1.0);
	}
	outs[ind] = out * world_scale;
}

__device__ int clamp(float val, float min, float max) {
	val = val>max?max:val;
	val = val<min?min:val;
	return (int)val;
}

// this should be optimized to use shared memory, otherwise the random read performance is not great
__global__ void cuda_eval_sensor_table(float * obs, float * ranges, double * outs, double * sensorTable, int rays_per_particle, int particles, float inv_world_scale, int max_range) {
	int ind = blockIdx.x*blockDim.x + threadIdx.x;
	if (ind >= rays_per_particle) return;

	int r = clamp(obs[ind] * inv_world_scale,0,max_range-1.0);
	for (int i = 0; i < particles; ++i)
	{
		int d = clamp(ranges[ind + ind * i],0,max_range-1.0);
		outs[ind+i*rays_per_particle] = sensorTable[r*max_range+d];
	}
}

// this should be optimized to use shared memory, otherwise the random read performance is not great
// __global__ void cuda_accumulate_weights(float * obs, float * ranges, double * outs, double * sensorTable, int rays_per_particle, int particles, float inv_world_scale, int max_range) {
// 	int ind = blockIdx.x*blockDim.x + threadIdx.x;
// 	if (ind >= particles) return;

// 	double weight = 1.0;
// 	for (int i = 0; i < rays_per_particle; ++i)
// 	{
// 		weight *= outs[ind*rays_per_particle+i];
		
// 	}
// }
