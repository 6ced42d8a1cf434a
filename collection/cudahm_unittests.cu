// tilelab kernel collection: CUDAHM's unit-test kernels of its Metropolis step (proposal, acceptance, adaptation).
// Source:  https://github.com/brandonckelly/CUDAHM/blob/d50161de8c6352fcb8acd7b0960a9ea4ce5d4fa3/tests/src/UnitTests.cu
//          (brandonckelly/CUDAHM, commit d50161d, Kelly, Budavari and Loredo's GPU hierarchical models)
// Licence: MIT (the repository's LICENSE.txt), kept below; the source file carries none.
// Kept: UnitTests.cu lines 1-7 and 16-208 (the test dimensions, the __constant__ log-density function pointers,
//       mahalanobis_distance, ChiSqr, LogDensityMeas, LogDensityPop and the kernels test_propose, test_accept and
// test_adapt), unchanged. Removed: lines 8-15 (iostream, fstream, cassert and UnitTests.cuh, whose GibbsSampler.hpp pulls
// in Boost and Thrust) and 209-2061 (the host's UnitTests class). Copied in, marked below: UnitTests.cuh lines 32-37 (the
// two log-density declarations), cudahm/src/kernels.cuh lines 16-17 and 24-26 (curand includes, the function pointer
// typedefs) and cudahm/src/kernels.cu lines 9-117 (c_theta, chol_update_r1, Propose, AdaptProp, AcceptProp: the
// device functions the test kernels call, linked from kernels.cu in the project's build).
// Selection, fixed before any run (collection/manifest.toml, the cudahm_ entries): the three test kernels as
// DeviceProposeChi, DeviceAccept and DeviceAdapt launch them (blocks of 256 over ndata, identity Cholesky factors,
// current_iter 5), test_adapt again on random Cholesky factors.
//
//
// The MIT License (MIT)
//
// Copyright (c) 2014 Brandon C. Kelly, Tamas Budavari, Tom Loredo
//
// Permission is hereby granted, free of charge, to any person obtaining a copy of
// this software and associated documentation files (the "Software"), to deal in
// the Software without restriction, including without limitation the rights to
// use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of
// the Software, and to permit persons to whom the Software is furnished to do so,
// subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS
// FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR
// COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER
// IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN
// CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
//
//
//

/*
 * UnitTests.cpp
 *
 *  Created on: Jul 17, 2013
 *      Author: brandonkelly
 */


// ---- copied from cudahm/src/kernels.cuh lines 16-17 and 24-26 ----
#include <curand.h>
#include <curand_kernel.h>
// pointers to functions that must be supplied by the user for computing the conditional log-densities
typedef double (*pLogDensMeas)(double*, double*, double*);
typedef double (*pLogDensPop)(double*, double*);
// ---- copied from cudahm/src/kernels.cu lines 9-117 ----
__constant__ double c_theta[100];

// Function to compute the rank-1 Cholesky update/downdate. Note that this is done in place.
__device__ __host__
void chol_update_r1(double* cholfactor, double* v, int dim_v, bool downdate) {

    double sign = 1.0;
	if (downdate) {
		// Perform the downdate instead
		sign = -1.0;
	}
    int diag_index = 0;  // index of the diagonal of the cholesky factor
	for (int i=0; i<dim_v; i++) {
        // loop over the columns of the Cholesky factor
        double L_ii = cholfactor[diag_index];
        double v_i = v[i];
        double r = sqrt( L_ii * L_ii + sign * v_i * v_i);
		double c = r / L_ii;
		double s = v_i / L_ii;
		cholfactor[diag_index] = r;
        int index_ji = diag_index; // index of the cholesky factor array that points to L[j,i]
        // update the rest of the rows of the Cholesky factor for this column
        for (int j=i+1; j<dim_v; j++) {
            // loop over the rows of the i^th column of the Cholesky factor
            index_ji += j;
            cholfactor[index_ji] = (cholfactor[index_ji] + sign * s * v[j]) / c;
        }
        // update the elements of the vector v[i+1:dim_v-1]
        index_ji = diag_index;
        for (int j=i+1; j<dim_v; j++) {
            index_ji += j;
            v[j] = c * v[j] - s * cholfactor[index_ji];
        }
        diag_index += i + 2;
    }
}

// compute the conditional log-posterior density of the measurements given the characteristic
//__device__ double LogDensityMeas(double* chi, double* meas, double* meas_unc, int mfeat, int pchi) { return 0.0; }

// compute the conditional log-posterior density of the characteristic given the population parameter
//__device__ double LogDensityPop(double* chi, double* theta, int pchi, int dim_theta) { return 0.0; }

// propose a new value for the characteristic
__device__ __host__
void Propose(double* chi, double* cholfact, double* proposed_chi, double* snorm_deviate,
		double* scaled_proposal, int pchi, curandState* p_state)
{
	// get the unit proposal
	for (int j=0; j<pchi; j++) {
#ifdef __CUDA_ARCH__
		snorm_deviate[j] = curand_normal_double(p_state);
#else
		snorm_deviate[j] = snorm(rng);
#endif
	}

	// propose a new chi value
	int cholfact_index = 0;
	for (int j=0; j<pchi; j++) {
		double scaled_proposal_j = 0.0;
		for (int k=0; k<(j+1); k++) {
			// transform the unit proposal to the centered proposal, drawn from a multivariate normal.
			scaled_proposal_j += cholfact[cholfact_index] * snorm_deviate[k];
			cholfact_index++;
		}
		proposed_chi[j] = chi[j] + scaled_proposal_j;
		scaled_proposal[j] = scaled_proposal_j;
	}
}

// adapt the covariance matrix of the proposals for the characteristics
__device__ __host__
void AdaptProp(double* cholfact, double* snorm_deviate, double* scaled_proposal, double metro_ratio,
		int pchi, int current_iter)
{
	double unit_norm = 0.0;
	for (int j=0; j<pchi; j++) {
		unit_norm += snorm_deviate[j] * snorm_deviate[j];
	}
	unit_norm = sqrt(unit_norm);
	double decay_rate = 0.667;
	double target_rate = 0.4;
	double decay_sequence = 1.0 / pow(current_iter, decay_rate);
	double scaled_coef = sqrt(decay_sequence * fabs(metro_ratio - target_rate)) / unit_norm;
	for (int j=0; j<pchi; j++) {
		scaled_proposal[j] *= scaled_coef;
	}
	bool downdate = (metro_ratio < target_rate);
	// do rank-1 cholesky update to update the proposal covariance matrix
	chol_update_r1(cholfact, scaled_proposal, pchi, downdate);
}

// decide whether to accept or reject the proposal based on the metropolist-hasting ratio
__device__ __host__
bool AcceptProp(double logdens_prop, double logdens_current, double forward_dens,
		double backward_dens, double& ratio, curandState* p_state)
{
	double lograt = logdens_prop - forward_dens - (logdens_current - backward_dens);
	lograt = min(lograt, 0.0);
	ratio = exp(lograt);
#ifdef __CUDA_ARCH__
	double unif = curand_uniform_double(p_state);
#else
	double unif = uniform(rng);
#endif
	bool accept = (unif < ratio) && isfinite(ratio);
	return accept;
}
// ---- copied from tests/src/UnitTests.cuh lines 32-37 ----
// function definitions
__device__ __host__
double LogDensityMeas(double* chi, double* meas, double* meas_unc);

__device__ __host__
double LogDensityPop(double* chi, double* theta);
// ---- tests/src/UnitTests.cu ----
// know parameter dimensions
const int mfeat = 3;
const int pchi = 3;
const int dim_theta = 3;

/*
 * Pointers to the device-side functions used to compute the conditional log-posteriors
 */
__constant__ pLogDensMeas c_LogDensMeas = LogDensityMeas;
__constant__ pLogDensPop c_LogDensPop = LogDensityPop;

extern __constant__ double c_theta[100];

// calculate transpose(x) * covar_inv * x for an nx-element vector x and an (nx,nx)-element matrix covar_inv
__host__ __device__
double mahalanobis_distance(double** covar_inv, double* x, int nx) {
	double distance = 0.0;
	double* x_temp;
	x_temp = new double [nx];
	for (int i = 0; i < nx; ++i) {
		x_temp[i] = 0.0;
		for (int j = 0; j < nx; ++j) {
			x_temp[i] += covar_inv[i][j] * x[j];
		}
	}
	for (int i = 0; i < nx; ++i) {
		distance += x_temp[i] * x[i];
	}
	delete x_temp;
	return distance;
}

// calculate transpose(x) * covar_inv * x
__device__ __host__
double ChiSqr(double* x, double* covar_inv, int nx)
{
	double chisqr = 0.0;
	for (int i = 0; i < nx; ++i) {
		for (int j = 0; j < nx; ++j) {
			chisqr += x[i] * covar_inv[i * nx + j] * x[j];
		}
	}
	return chisqr;
}

// compute the conditional log-posterior density of the measurements given the characteristic
__device__ __host__
double LogDensityMeas(double* chi, double* meas, double* meas_unc)
{
	double logdens = 0.0;
	for (int i = 0; i < pchi; ++i) {
		double chi_std = (meas[i] - chi[i]) / meas_unc[i];
		logdens += -0.5 * chi_std * chi_std;
	}

	return logdens;
}

// compute the conditional log-posterior density of the characteristic given the population mean
__device__ __host__
double LogDensityPop(double* chi, double* theta)
{
	// known inverse covariance matrix of the characteristics
	double covar_inv[9] =
	{
			0.64880351, -2.66823952, 0.10406763,
			-2.66823952, 17.94430089, -0.55439855,
			0.10406763, -0.55439855, 0.02455399
	};
	// subtract off the population mean
	double chi_cent[3];
	for (int i = 0; i < 3; ++i) {
		chi_cent[i] = chi[i] - theta[i];
	}

	double logdens = -0.5 * ChiSqr(chi_cent, covar_inv, 3);
	return logdens;
}

/*
 * kernels that will be used to test each component of update_characteristic
 */

// test the function that proposes a new characteristic on the device
__global__
void test_propose(double* chi, double* cholfact, curandState* devStates, int ndata, int pchi)
{
	int idata = blockDim.x * blockIdx.x + threadIdx.x;
	if (idata < ndata)
	{
		curandState localState = devStates[idata]; // grab state of this random number generator

		// copy values for this data point to registers for speed
		double snorm_deviate[3], scaled_proposal[3], proposed_chi[3], local_chi[3], local_cholfact[6];
		int cholfact_index = 0;
		for (int j = 0; j < pchi; ++j) {
			local_chi[j] = chi[j * ndata + idata];
			for (int k = 0; k < (j+1); ++k) {
				local_cholfact[cholfact_index] = cholfact[cholfact_index * ndata + idata];
				cholfact_index++;
			}
		}
		// propose a new value of chi
		Propose(local_chi, local_cholfact, proposed_chi, snorm_deviate, scaled_proposal, pchi, &localState);

		// copy local RNG state back to global memory
		devStates[idata] = localState;

		// copy proposed value of chi back to global memory
		for (int j=0; j<pchi; j++) {
			chi[ndata * j + idata] = proposed_chi[j];
		}
	}
}

// test the function perform the Metropolis-Hasting acceptance step
__global__
void test_accept(double* chi, double* cholfact, double* logdens_meas, double* logdens_pop, curandState* devStates,
		int* naccept, int ndata, int pchi)
{
	int idata = blockDim.x * blockIdx.x + threadIdx.x;
	if (idata < ndata)
	{
		curandState localState = devStates[idata]; // grab state of this random number generator

		// copy values for this data point to registers for speed
		double snorm_deviate[3] = {1.2, -0.6, 0.8};
		double scaled_proposal[3], local_cholfact[6], proposed_chi[3];
		int cholfact_index = 0;
		for (int j = 0; j < pchi; ++j) {
			double scaled_proposal_j = 0.0;
			for (int k = 0; k < (j+1); ++k) {
				local_cholfact[cholfact_index] = cholfact[cholfact_index * ndata + idata];
				scaled_proposal_j += local_cholfact[cholfact_index] * snorm_deviate[k];
				cholfact_index++;
			}
			scaled_proposal[j] = scaled_proposal_j;
			proposed_chi[j] = chi[ndata * j + idata] + scaled_proposal[j];
		}

		// should always accept when proposed posterior is higher
		double logpost_current = 0.0;
		double logpost_prop = 1.0;
		double metro_ratio = 0.0;
		bool accept = AcceptProp(logpost_prop, logpost_current, 0.0, 0.0, metro_ratio, &localState);

		// copy local RNG state back to global memory
		devStates[idata] = localState;

		if (accept) {
			// accepted this proposal, so save new value of chi and log-densities
			for (int j=0; j<pchi; j++) {
				chi[ndata * j + idata] = proposed_chi[j];
			}
			logdens_meas[idata] = 0.5;
			logdens_pop[idata] = 0.5;
			naccept[idata] += 1;
		}
	}
}

// test that we adapt the proposal covariance matrix
__global__
void test_adapt(double* cholfact, int ndata, int pchi, int current_iter)
{
	int idata = blockDim.x * blockIdx.x + threadIdx.x;
	if (idata < ndata)
	{
		// copy values for this data point to registers for speed
		double snorm_deviate[3] = {1.2, -0.6, 0.8};
		double scaled_proposal[3], local_cholfact[6];
		int cholfact_index = 0;
		for (int j = 0; j < pchi; ++j) {
			double scaled_proposal_j = 0.0;
			for (int k = 0; k < (j+1); ++k) {
				local_cholfact[cholfact_index] = cholfact[cholfact_index * ndata + idata];
				scaled_proposal_j += local_cholfact[cholfact_index] * snorm_deviate[k];
				cholfact_index++;
			}
			scaled_proposal[j] = scaled_proposal_j;
		}

		// adapt the covariance matrix of the characteristic proposal distribution using some predetermined values
		double metro_ratio = 0.34;
		AdaptProp(local_cholfact, snorm_deviate, scaled_proposal, metro_ratio, pchi, current_iter);

		int dim_cholfact = pchi * pchi - ((pchi - 1) * pchi) / 2;
		for (int j = 0; j < dim_cholfact; ++j) {
			// copy value of this adapted cholesky factor back to global memory
			cholfact[j * ndata + idata] = local_cholfact[j];
		}
	}
}
