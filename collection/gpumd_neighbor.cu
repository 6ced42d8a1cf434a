// tilelab kernel collection: GPUMD's neighbour-list build: atom-distance check, cell list, cell search, list sort
// Source:  https://github.com/brucefan1983/GPUMD/blob/d98135deee27068f4f30605fbc581d4c613fff99/src/force/neighbor.cu
//          (brucefan1983/GPUMD, commit d98135d), with the device code of src/model/box.cuh and
//          src/force/neighbor.cuh that its kernels use (same commit).
// Licence: GPL-3.0-or-later (the file's notice, kept below; the repository's LICENCE).
// Kept:    box.cuh lines 18-129 (class Box, both apply_mic), unchanged; neighbor.cuh lines 76-192 (find_cell_id,
//          gpu_sort_neighbor_list and its _ilp version), unchanged; neighbor.cu lines 1-14 (the notice), 27-162
//          (find_cell_id, find_cell_counts, find_cell_contents, gpu_find_neighbor_ON1), 217-223 (set_to_zero),
//          352-440 (gpu_find_neighbor_ON1_ilp), 508-586 (gpu_find_neighbor_ON1_SW) and 644-739 (the anonymous
//          namespace: gpu_check_atom_distance, static_s2, gpu_update_xyz0, gpu_find_local_neighbor_from_global),
//          unchanged. Removed: the includes (neighbor.cu lines 20-25; box.cuh's and neighbor.cuh's notices and
//          #pragma once) and the host code (find_cell_list, find_neighbor, find_neighbor_ilp, find_neighbor_SW,
//          Neighbor's member functions; neighbor.cuh's declarations and class Neighbor).
/*
    Copyright 2017 Zheyong Fan and GPUMD development team
    This file is part of GPUMD.
    GPUMD is free software: you can redistribute it and/or modify
    it under the terms of the GNU General Public License as published by
    the Free Software Foundation, either version 3 of the License, or
    (at your option) any later version.
    GPUMD is distributed in the hope that it will be useful,
    but WITHOUT ANY WARRANTY; without even the implied warranty of
    MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
    GNU General Public License for more details.
    You should have received a copy of the GNU General Public License
    along with GPUMD.  If not, see <http://www.gnu.org/licenses/>.
*/

// ---- copied from src/model/box.cuh, lines 18-129
class Box
{
public:
  int pbc_x = 1;                      // pbc_x = 1 means periodic in the x-direction
  int pbc_y = 1;                      // pbc_y = 1 means periodic in the y-direction
  int pbc_z = 1;                      // pbc_z = 1 means periodic in the z-direction
  double cpu_h[18];                   // the box data
  float float_h[18];
  double thickness_x = 0.0;           // thickness perpendicular to (b x c)
  double thickness_y = 0.0;           // thickness perpendicular to (c x a)
  double thickness_z = 0.0;           // thickness perpendicular to (a x b)
  double get_area(const int d) const; // get the area of one face
  double get_volume(void) const;      // get the volume of the box
  void get_inverse(void);             // get the inverse box matrix
  bool get_num_bins(const double rc, int num_bins[]); // get the number of bins in each direction
  bool is_orthogonal = false;
  void set_is_orthogonal();
};

inline __host__ __device__ void apply_mic(const Box& box, double& x12, double& y12, double& z12)
{
  if (box.is_orthogonal) {
    double Lx = box.cpu_h[0];
    double Ly = box.cpu_h[4];
    double Lz = box.cpu_h[8];

    if (box.pbc_x == 1) {
      if (x12 < -Lx*0.5) {
        x12 += Lx;
      } else if (x12 > +Lx*0.5) {
        x12 -= Lx;
      }
    }

    if (box.pbc_y == 1) {
      if (y12 < -Ly*0.5) {
        y12 += Ly;
      } else if (y12 > +Ly*0.5) {
        y12 -= Ly;
      }
    }

    if (box.pbc_z == 1) {
      if (z12 < -Lz*0.5) {
        z12 += Lz;
      } else if (z12 > +Lz*0.5) {
        z12 -= Lz;
      }
    }
  }
  else {
    double sx12 = box.cpu_h[9] * x12 + box.cpu_h[10] * y12 + box.cpu_h[11] * z12;
    double sy12 = box.cpu_h[12] * x12 + box.cpu_h[13] * y12 + box.cpu_h[14] * z12;
    double sz12 = box.cpu_h[15] * x12 + box.cpu_h[16] * y12 + box.cpu_h[17] * z12;
    if (box.pbc_x == 1)
      sx12 -= nearbyint(sx12);
    if (box.pbc_y == 1)
      sy12 -= nearbyint(sy12);
    if (box.pbc_z == 1)
      sz12 -= nearbyint(sz12);
    x12 = box.cpu_h[0] * sx12 + box.cpu_h[1] * sy12 + box.cpu_h[2] * sz12;
    y12 = box.cpu_h[3] * sx12 + box.cpu_h[4] * sy12 + box.cpu_h[5] * sz12;
    z12 = box.cpu_h[6] * sx12 + box.cpu_h[7] * sy12 + box.cpu_h[8] * sz12;
  }
}

inline __host__ __device__ void apply_mic(const Box& box, float& x12, float& y12, float& z12)
{
  if (box.is_orthogonal) {
    float Lx2 = box.float_h[0]*0.5f;
    float Ly2 = box.float_h[4]*0.5f;
    float Lz2 = box.float_h[8]*0.5f;

    if (box.pbc_x == 1) {
      if (x12 < -Lx2) {
        x12 += box.float_h[0];
      } else if (x12 > +Lx2) {
        x12 -= box.float_h[0];
      }
    }

    if (box.pbc_y == 1) {
      if (y12 < -Ly2) {
        y12 += box.float_h[4];
      } else if (y12 > +Ly2) {
        y12 -= box.float_h[4];
      }
    }

    if (box.pbc_z == 1) {
      if (z12 < -Lz2) {
        z12 += box.float_h[8];
      } else if (z12 > +Lz2) {
        z12 -= box.float_h[8];
      }
    }
  }
  else {
    float sx12 = box.float_h[9] * x12 + box.float_h[10] * y12 + box.float_h[11] * z12;
    float sy12 = box.float_h[12] * x12 + box.float_h[13] * y12 + box.float_h[14] * z12;
    float sz12 = box.float_h[15] * x12 + box.float_h[16] * y12 + box.float_h[17] * z12;
    if (box.pbc_x == 1)
      sx12 -= nearbyint(sx12);
    if (box.pbc_y == 1)
      sy12 -= nearbyint(sy12);
    if (box.pbc_z == 1)
      sz12 -= nearbyint(sz12);
    x12 = box.float_h[0] * sx12 + box.float_h[1] * sy12 + box.float_h[2] * sz12;
    y12 = box.float_h[3] * sx12 + box.float_h[4] * sy12 + box.float_h[5] * sz12;
    z12 = box.float_h[6] * sx12 + box.float_h[7] * sy12 + box.float_h[8] * sz12;
  }
}
// ---- end of src/model/box.cuh

// ---- copied from src/force/neighbor.cuh, lines 76-192
static __device__ void find_cell_id(
  const Box& box,
  const double x,
  const double y,
  const double z,
  const double rc_inv,
  const int nx,
  const int ny,
  const int nz,
  int& cell_id_x,
  int& cell_id_y,
  int& cell_id_z,
  int& cell_id)
{
  const double sx = box.cpu_h[9] * x + box.cpu_h[10] * y + box.cpu_h[11] * z;
  const double sy = box.cpu_h[12] * x + box.cpu_h[13] * y + box.cpu_h[14] * z;
  const double sz = box.cpu_h[15] * x + box.cpu_h[16] * y + box.cpu_h[17] * z;
  cell_id_x = floor(sx * box.thickness_x * rc_inv);
  cell_id_y = floor(sy * box.thickness_y * rc_inv);
  cell_id_z = floor(sz * box.thickness_z * rc_inv);

  while (cell_id_x < 0)
    cell_id_x += nx;
  while (cell_id_x >= nx)
    cell_id_x -= nx;
  while (cell_id_y < 0)
    cell_id_y += ny;
  while (cell_id_y >= ny)
    cell_id_y -= ny;
  while (cell_id_z < 0)
    cell_id_z += nz;
  while (cell_id_z >= nz)
    cell_id_z -= nz;
  cell_id = cell_id_x + nx * cell_id_y + nx * ny * cell_id_z;
}

static __global__ void gpu_sort_neighbor_list(const int N, const int* NN, int* NL)
{
  int bid = blockIdx.x;
  int tid = threadIdx.x;
  int neighbor_number = NN[bid];
  int atom_index;
  extern __shared__ int atom_index_copy[];

  if (tid < neighbor_number) {
    atom_index = NL[static_cast<size_t>(N) * tid + bid];
    atom_index_copy[tid] = atom_index;
  }
  int count = 0;
  __syncthreads();

  for (int j = 0; j < neighbor_number; ++j) {
    if (atom_index > atom_index_copy[j]) {
      count++;
    }
  }

  if (tid < neighbor_number) {
    NL[static_cast<size_t>(N) * count + bid] = atom_index;
  }
}

static __global__ void gpu_sort_neighbor_list_ilp(const int N, const int* NN, int* NL)
{
  int bid = blockIdx.x;
  int tid = threadIdx.x;
  int neighbor_number = NN[bid];
  int atom_index;
  int atom_index_hold[10] = {0};
  extern __shared__ int atom_index_copy[];

  if (neighbor_number <= 1024) {
    if (tid < neighbor_number) {
      atom_index = NL[bid + tid * N];
      atom_index_copy[tid] = atom_index;
    }
  } else {
    int tid_plus = tid;
    for (int i = 0; tid_plus < neighbor_number; ++i) {
      atom_index = NL[bid + tid_plus * N];
      atom_index_copy[tid_plus] = atom_index;
      atom_index_hold[i] = atom_index;
      tid_plus += 1024;
    }
  }
  int count = 0;
  __syncthreads();

  if (neighbor_number <= 1024) {
    for (int j = 0; j < neighbor_number; ++j) {
      if (atom_index > atom_index_copy[j]) {
        count++;
      }
    }

    if (tid < neighbor_number) {
      NL[bid + count * N] = atom_index;
    }
  } else {
    int tid_plus = tid;
    for (int i = 0; tid_plus < neighbor_number; ++i)
    {
      count = 0;
      atom_index = atom_index_hold[i];
      for (int j = 0; j < neighbor_number; ++j) {
        if (atom_index > atom_index_copy[j]) {
          ++count;
        }
      }

      if (tid_plus < neighbor_number) {
        NL[bid + count * N] = atom_index;
      }
      tid_plus += 1024;
    }
  }
}
// ---- end of src/force/neighbor.cuh

static __device__ void find_cell_id(
  const Box& box,
  const double x,
  const double y,
  const double z,
  const double rc_inv,
  const int nx,
  const int ny,
  const int nz,
  int& cell_id)
{
  int cell_id_x, cell_id_y, cell_id_z;
  find_cell_id(box, x, y, z, rc_inv, nx, ny, nz, cell_id_x, cell_id_y, cell_id_z, cell_id);
}

static __global__ void find_cell_counts(
  const Box box,
  const int N,
  int* cell_count,
  const double* x,
  const double* y,
  const double* z,
  const int nx,
  const int ny,
  const int nz,
  const double rc_inv)
{
  const int n1 = blockIdx.x * blockDim.x + threadIdx.x;
  if (n1 < N) {
    int cell_id;
    find_cell_id(box, x[n1], y[n1], z[n1], rc_inv, nx, ny, nz, cell_id);
    atomicAdd(&cell_count[cell_id], 1);
  }
}

static __global__ void find_cell_contents(
  const Box box,
  const int N,
  int* cell_count,
  const int* cell_count_sum,
  int* cell_contents,
  const double* x,
  const double* y,
  const double* z,
  const int nx,
  const int ny,
  const int nz,
  const double rc_inv)
{
  const int n1 = blockIdx.x * blockDim.x + threadIdx.x;
  if (n1 < N) {
    int cell_id;
    find_cell_id(box, x[n1], y[n1], z[n1], rc_inv, nx, ny, nz, cell_id);
    const int ind = atomicAdd(&cell_count[cell_id], 1);
    cell_contents[cell_count_sum[cell_id] + ind] = n1;
  }
}

static __global__ void gpu_find_neighbor_ON1(
  const Box box,
  const int N,
  const int N1,
  const int N2,
  const int* __restrict__ type,
  const int* __restrict__ cell_counts,
  const int* __restrict__ cell_count_sum,
  const int* __restrict__ cell_contents,
  int* NN,
  int* NL,
  const double* __restrict__ x,
  const double* __restrict__ y,
  const double* __restrict__ z,
  const int nx,
  const int ny,
  const int nz,
  const double rc_inv,
  const float cutoff_square)
{
  const int n1 = blockIdx.x * blockDim.x + threadIdx.x + N1;
  int count = 0;
  if (n1 < N2) {
    const double x1 = x[n1];
    const double y1 = y[n1];
    const double z1 = z[n1];
    int cell_id;
    int cell_id_x;
    int cell_id_y;
    int cell_id_z;
    find_cell_id(box, x1, y1, z1, rc_inv, nx, ny, nz, cell_id_x, cell_id_y, cell_id_z, cell_id);

    const int z_lim = box.pbc_z ? 2 : 0;
    const int y_lim = box.pbc_y ? 2 : 0;
    const int x_lim = box.pbc_x ? 2 : 0;

    // get radial descriptors
    for (int k = -z_lim; k <= z_lim; ++k) {
      for (int j = -y_lim; j <= y_lim; ++j) {
        for (int i = -x_lim; i <= x_lim; ++i) {
          int neighbor_cell = cell_id + k * nx * ny + j * nx + i;
          if (cell_id_x + i < 0)
            neighbor_cell += nx;
          else if (cell_id_x + i >= nx)
            neighbor_cell -= nx;
          if (cell_id_y + j < 0)
            neighbor_cell += ny * nx;
          else if (cell_id_y + j >= ny)
            neighbor_cell -= ny * nx;
          if (cell_id_z + k < 0)
            neighbor_cell += nz * ny * nx;
          else if (cell_id_z + k >= nz)
            neighbor_cell -= nz * ny * nx;

          const int num_atoms_neighbor_cell = cell_counts[neighbor_cell];
          const int num_atoms_previous_cells = cell_count_sum[neighbor_cell];

          for (int m = 0; m < num_atoms_neighbor_cell; ++m) {
            const int n2 = cell_contents[num_atoms_previous_cells + m];
            if (n2 >= N1 && n2 < N2 && n1 != n2) {

              float x12 = x[n2] - x1;
              float y12 = y[n2] - y1;
              float z12 = z[n2] - z1;
              apply_mic(box, x12, y12, z12);
              const float d2 = x12 * x12 + y12 * y12 + z12 * z12;

              if (d2 < cutoff_square) {
                NL[static_cast<size_t>(N) * count++ + n1] = n2;
              }
            }
          }
        }
      }
    }
    NN[n1] = count;
  }
}

static void __global__ set_to_zero(int size, int* data)
{
  int n = threadIdx.x + blockIdx.x * blockDim.x;
  if (n < size) {
    data[n] = 0;
  }
}

static __global__ void gpu_find_neighbor_ON1_ilp(
  const Box box,
  const int N,
  const int N1,
  const int N2,
  const int* __restrict__ type,
  const int* __restrict__ cell_counts,
  const int* __restrict__ cell_count_sum,
  const int* __restrict__ cell_contents,
  int* NN,
  int* NL,
  int* big_ilp_NN,
  int* big_ilp_NL,
  const int* group_label,
  const double* __restrict__ x,
  const double* __restrict__ y,
  const double* __restrict__ z,
  const int nx,
  const int ny,
  const int nz,
  const double rc_inv,
  const double cutoff_square,
  const double big_ilp_cutoff_square)
{
  const int n1 = blockIdx.x * blockDim.x + threadIdx.x + N1;
  int count = 0;
  int ilp_count = 0;
  if (n1 < N2) {
    const double x1 = x[n1];
    const double y1 = y[n1];
    const double z1 = z[n1];
    int cell_id;
    int cell_id_x;
    int cell_id_y;
    int cell_id_z;
    find_cell_id(box, x1, y1, z1, rc_inv, nx, ny, nz, cell_id_x, cell_id_y, cell_id_z, cell_id);

    const int z_lim = box.pbc_z ? 2 : 0;
    const int y_lim = box.pbc_y ? 2 : 0;
    const int x_lim = box.pbc_x ? 2 : 0;

    // get radial descriptors
    for (int k = -z_lim; k <= z_lim; ++k) {
      for (int j = -y_lim; j <= y_lim; ++j) {
        for (int i = -x_lim; i <= x_lim; ++i) {
          int neighbor_cell = cell_id + k * nx * ny + j * nx + i;
          if (cell_id_x + i < 0)
            neighbor_cell += nx;
          if (cell_id_x + i >= nx)
            neighbor_cell -= nx;
          if (cell_id_y + j < 0)
            neighbor_cell += ny * nx;
          if (cell_id_y + j >= ny)
            neighbor_cell -= ny * nx;
          if (cell_id_z + k < 0)
            neighbor_cell += nz * ny * nx;
          if (cell_id_z + k >= nz)
            neighbor_cell -= nz * ny * nx;

          const int num_atoms_neighbor_cell = cell_counts[neighbor_cell];
          const int num_atoms_previous_cells = cell_count_sum[neighbor_cell];

          for (int m = 0; m < num_atoms_neighbor_cell; ++m) {
            const int n2 = cell_contents[num_atoms_previous_cells + m];
            // neighbors in different layers
            if (n2 >= N1 && n2 < N2 && n1 != n2) {

              double x12 = x[n2] - x1;
              double y12 = y[n2] - y1;
              double z12 = z[n2] - z1;
              apply_mic(box, x12, y12, z12);
              const double d2 = x12 * x12 + y12 * y12 + z12 * z12;

              bool different_layer = group_label[n1] != group_label[n2];
              if (different_layer && d2 < cutoff_square) {
                NL[count++ * N + n1] = n2;
              } else if (!different_layer && d2 < big_ilp_cutoff_square) {
                big_ilp_NL[ilp_count++ * N + n1] = n2;
              }

            }
          }
        }
      }
    }
    NN[n1] = count;
    big_ilp_NN[n1] = ilp_count;
  }
}

static __global__ void gpu_find_neighbor_ON1_SW(
  const Box box,
  const int N,
  const int N1,
  const int N2,
  const int* __restrict__ type,
  const int* __restrict__ cell_counts,
  const int* __restrict__ cell_count_sum,
  const int* __restrict__ cell_contents,
  int* NN,
  int* NL,
  const int* group_label,
  const double* __restrict__ x,
  const double* __restrict__ y,
  const double* __restrict__ z,
  const int nx,
  const int ny,
  const int nz,
  const double rc_inv,
  const double cutoff_square)
{
  const int n1 = blockIdx.x * blockDim.x + threadIdx.x + N1;
  int count = 0;
  if (n1 < N2) {
    const double x1 = x[n1];
    const double y1 = y[n1];
    const double z1 = z[n1];
    int cell_id;
    int cell_id_x;
    int cell_id_y;
    int cell_id_z;
    find_cell_id(box, x1, y1, z1, rc_inv, nx, ny, nz, cell_id_x, cell_id_y, cell_id_z, cell_id);

    const int z_lim = box.pbc_z ? 2 : 0;
    const int y_lim = box.pbc_y ? 2 : 0;
    const int x_lim = box.pbc_x ? 2 : 0;

    // get radial descriptors
    for (int k = -z_lim; k <= z_lim; ++k) {
      for (int j = -y_lim; j <= y_lim; ++j) {
        for (int i = -x_lim; i <= x_lim; ++i) {
          int neighbor_cell = cell_id + k * nx * ny + j * nx + i;
          if (cell_id_x + i < 0)
            neighbor_cell += nx;
          if (cell_id_x + i >= nx)
            neighbor_cell -= nx;
          if (cell_id_y + j < 0)
            neighbor_cell += ny * nx;
          if (cell_id_y + j >= ny)
            neighbor_cell -= ny * nx;
          if (cell_id_z + k < 0)
            neighbor_cell += nz * ny * nx;
          if (cell_id_z + k >= nz)
            neighbor_cell -= nz * ny * nx;

          const int num_atoms_neighbor_cell = cell_counts[neighbor_cell];
          const int num_atoms_previous_cells = cell_count_sum[neighbor_cell];

          for (int m = 0; m < num_atoms_neighbor_cell; ++m) {
            const int n2 = cell_contents[num_atoms_previous_cells + m];
            if (n2 >= N1 && n2 < N2 && n1 != n2) {

              double x12 = x[n2] - x1;
              double y12 = y[n2] - y1;
              double z12 = z[n2] - z1;
              apply_mic(box, x12, y12, z12);
              const double d2 = x12 * x12 + y12 * y12 + z12 * z12;

              if (d2 < cutoff_square && group_label[n1] ==  group_label[n2]) {
                NL[static_cast<size_t>(N) * count++ + n1] = n2;
              }
            }
          }
        }
      }
    }
    NN[n1] = count;
  }
}

namespace {

__global__ void gpu_check_atom_distance(
  const Box box,
  int N,
  double d2,
  const double* x_old,
  const double* y_old,
  const double* z_old,
  const double* x_new,
  const double* y_new,
  const double* z_new,
  int* g_sum)
{
  int tid = threadIdx.x;
  int bid = blockIdx.x;
  int n = bid * blockDim.x + tid;
  __shared__ int s_sum[128];
  s_sum[tid] = 0;
  if (n < N) {
    float dx = x_new[n] - x_old[n];
    float dy = y_new[n] - y_old[n];
    float dz = z_new[n] - z_old[n];
    apply_mic(box, dx, dy, dz);
    if ((dx * dx + dy * dy + dz * dz) > d2) {
      s_sum[tid] = 1;
    }
  }
  __syncthreads();

  for (int offset = blockDim.x >> 1; offset > 0; offset >>= 1) {
    if (tid < offset) {
      s_sum[tid] += s_sum[tid + offset];
    }
    __syncthreads();
  }

  if (tid == 0) {
    atomicAdd(g_sum, s_sum[0]);
  }
}

__device__ int static_s2[1];

__global__ void
gpu_update_xyz0(int N, const double* x, const double* y, const double* z, double* x0, double* y0, double* z0)
{
  int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n < N) {
    x0[n] = x[n];
    y0[n] = y[n];
    z0[n] = z[n];
  }
}

__global__ void gpu_find_local_neighbor_from_global(
  const int N,
  const Box box,
  const float rc_square,
  const double* __restrict__ g_x,
  const double* __restrict__ g_y,
  const double* __restrict__ g_z,
  const int* __restrict__ g_NN_global,
  const int* __restrict__ g_NL_global,
  int* g_NN_local,
  int* g_NL_local)
{
  int n1 = blockIdx.x * blockDim.x + threadIdx.x;
  if (n1 >= N) {
    return;
  }

  double x1 = g_x[n1];
  double y1 = g_y[n1];
  double z1 = g_z[n1];

  int count_local = 0;

  for (int i1 = 0; i1 < g_NN_global[n1]; ++i1) {
    int n2 = g_NL_global[static_cast<size_t>(N) * i1 + n1];
    float x12 = g_x[n2] - x1;
    float y12 = g_y[n2] - y1;
    float z12 = g_z[n2] - z1;
    apply_mic(box, x12, y12, z12);
    float d12_square = x12 * x12 + y12 * y12 + z12 * z12;

    if (d12_square >= rc_square) {
      continue;
    }
    g_NL_local[static_cast<size_t>(N) * count_local++ + n1] = n2;
  }

  g_NN_local[n1] = count_local;
}

}
