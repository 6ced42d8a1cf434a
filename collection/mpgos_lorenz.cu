// tilelab kernel collection: MPGOS (Massively Parallel GPU ODE Solver), its per-thread solver kernel SingleSystem_PerThread
// Source:  https://github.com/FerencHegedus/Massively-Parallel-GPU-ODE-Solver/blob/7cd36b9fd51208c9b88fe7a56c9da11e7ebac090/SourceCodes/SingleSystem_PerThread_Solver.cuh
// Licence: MIT (the repository's LICENSE; the source files carry no notice of their own: the repository's
//          notice is repeated below).
// What:    one thread a system, integrating many independent ODE systems with fixed-step RK4 or adaptive
//          Cash-Karp RKCK45 (error controller, step grow/shrink limits), here with the Lorenz system of the
//          tutorial T2_Lorenz (one control parameter per system: rho).
// Also:    from the same commit (FerencHegedus/Massively-Parallel-GPU-ODE-Solver at 7cd36b9), the headers the
//          kernel's file includes: SourceCodes/MPGOS_Overloaded_MathFunction.cuh,
//          SourceCodes/SingleSystem_PerThread_DenseOutput.cuh,
//          SourceCodes/SingleSystem_PerThread_ExplicitRungeKutta_Steppers.cuh,
//          SourceCodes/SingleSystem_PerThread_ExplicitRungeKutta_ErrorControllers.cuh,
//          SourceCodes/SingleSystem_PerThread_EventHandling.cuh, SourceCodes/SingleSystem_PerThread_Interface.cuh
//          (lines below), and the user's system definition
//          Tutorials_SingleSystem_PerThread/T2_Lorenz/Lorenz_SystemDefinition.cuh.
// Kept: SingleSystem_PerThread_Solver.cuh lines 1-438, the whole file, unchanged, except that its five
//       #include lines (4-8) are each followed by the included header, whole and unchanged, between
//       "begin/end of" comments (NVRTC sees one file), the #include lines themselves turned into comments.
//       Before it: from SourceCodes/SingleSystem_PerThread_Interface.cuh line 33 (enum Algorithms)
//       and lines 71-115 (the kernel's four argument structures), unchanged; the rest of that file is host
//       code (the ProblemSolver class, its allocations and the launch). Then Lorenz_SystemDefinition.cuh
//       lines 1-62, whole, unchanged (the tutorial includes it before the interface).
//       The launches are ProblemSolver::Solve's: SingleSystem_PerThread<NT,SD,NCP,NSP,NISP,NE,NA,NIA,NDO,
//       Algorithm,Precision><<<NT / BlockSize (+1), BlockSize, sizeof(Precision) * NSP + sizeof(int) * NISP>>>
//       (ThreadConfiguration, GlobalVariables, SharedMemoryUsage, SolverOptions), with Lorenz.cu's
//       configuration (SD 3, NCP 1, NSP NISP NE NA NIA NDO 0, BlockSize 64, InitialTimeStep 1e-3) and the
//       constructor's defaults for the other options. The sources' CRLF line endings became LF.

/*
 * MIT License
 *
 * Copyright (c) 2019 Ferenc Hegedűs
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */

// ---- from SourceCodes/SingleSystem_PerThread_Interface.cuh, line 33
enum Algorithms{ RK4, RKCK45 };

// ---- from SourceCodes/SingleSystem_PerThread_Interface.cuh, lines 71-115
// Interface with the kernel
struct Struct_ThreadConfiguration
{
	int GridSize;
	int BlockSize;
	int NumberOfActiveThreads;
};

template <class Precision>
struct Struct_GlobalVariables
{
	Precision* d_TimeDomain;
	Precision* d_ActualState;
	Precision* d_ActualTime;
	Precision* d_ControlParameters;
	Precision* d_SharedParameters;
	int*       d_IntegerSharedParameters;
	Precision* d_Accessories;
	int*       d_IntegerAccessories;
	Precision* d_RelativeTolerance;
	Precision* d_AbsoluteTolerance;
	Precision* d_EventTolerance;
	int*       d_EventDirection;
	int*       d_DenseOutputIndex;
	Precision* d_DenseOutputTimeInstances;
	Precision* d_DenseOutputStates;
};

struct Struct_SharedMemoryUsage
{
	int PreferSharedMemory;  // Default: ON
	int IsAdaptive;
};

template <class Precision>
struct Struct_SolverOptions
{
	Precision InitialTimeStep;
	Precision MaximumTimeStep;
	Precision MinimumTimeStep;
	Precision TimeStepGrowLimit;
	Precision TimeStepShrinkLimit;
	int       DenseOutputSaveFrequency;
	Precision DenseOutputMinimumTimeStep;
};
// ---- end of the lines from SingleSystem_PerThread_Interface.cuh

// ---- Tutorials_SingleSystem_PerThread/T2_Lorenz/Lorenz_SystemDefinition.cuh, whole
#ifndef T2_PERTHREAD_SYSTEMDEFINITION_H
#define T2_PERTHREAD_SYSTEMDEFINITION_H

// SYSTEM
template <class Precision>
__forceinline__ __device__ void PerThread_OdeFunction(\
			int tid, int NT, \
			Precision*    F, Precision*    X, Precision     T, \
			Precision* cPAR, Precision* sPAR, int*      sPARi, Precision* ACC, int* ACCi)
{
	F[0] = 10.0*( X[1]-X[0] );
	F[1] = cPAR[0]*X[0] - X[1] - X[0]*X[2];
	F[2] = X[0]*X[1] - 2.666 * X[2];
}

// EVENTS
template <class Precision>
__forceinline__ __device__ void PerThread_EventFunction(\
			int tid, int NT, Precision* EF, \
			Precision     T, Precision    dT, Precision*    TD, Precision*   X, \
			Precision* cPAR, Precision* sPAR,       int* sPARi, Precision* ACC, int* ACCi)
{	
	
}

template <class Precision>
__forceinline__ __device__ void PerThread_ActionAfterEventDetection(\
			int tid, int NT, int IDX, int& UDT, \
			Precision    &T, Precision   &dT, Precision*    TD, Precision*   X, \
			Precision* cPAR, Precision* sPAR, int*       sPARi, Precision* ACC, int* ACCi)
{	
	
}

// ACCESSORIES
template <class Precision>
__forceinline__ __device__ void PerThread_ActionAfterSuccessfulTimeStep(\
			int tid, int NT, int& UDT, \
			Precision&    T, Precision&   dT, Precision*    TD, Precision*   X, \
			Precision* cPAR, Precision* sPAR, int*       sPARi, Precision* ACC, int* ACCi)
{
	
}

template <class Precision>
__forceinline__ __device__ void PerThread_Initialization(\
			int tid, int NT, int& DOIDX, \
			Precision&    T, Precision&   dT, Precision*    TD, Precision*   X, \
			Precision* cPAR, Precision* sPAR,       int* sPARi, Precision* ACC, int* ACCi)
{
	
}

template <class Precision>
__forceinline__ __device__ void PerThread_Finalization(\
			int tid, int NT, int& DOIDX, \
			Precision&    T, Precision&   dT, Precision*    TD, Precision*   X, \
			Precision* cPAR, Precision* sPAR,       int* sPARi, Precision* ACC, int* ACCi)
{
	
}

#endif
// ---- end of Lorenz_SystemDefinition.cuh

// ---- SourceCodes/SingleSystem_PerThread_Solver.cuh, whole
#ifndef SINGLESYSTEM_PERTHREAD_SOLVER_H
#define SINGLESYSTEM_PERTHREAD_SOLVER_H

// #include "MPGOS_Overloaded_MathFunction.cuh"
// ---- begin of SourceCodes/MPGOS_Overloaded_MathFunction.cuh, whole
#ifndef MPGOS_OVERLOADED_MATHFUNCTIONS_H
#define MPGOS_OVERLOADED_MATHFUNCTIONS_H

namespace MPGOS
{
	// Floating point absolute value
	__forceinline__ __device__ float FABS(float a)
	{
		return fabsf(a);
	}
	
	__forceinline__ __device__ double FABS(double a)
	{
		return fabs(a);
	}
	
	
	// Floating point maximum -------------------------------------------------
	__forceinline__ __device__ float FMAX(float a, float b)
	{
		return fmaxf(a, b);
	}
	
	__forceinline__ __device__ double FMAX(double a, double b)
	{
		return fmax(a, b);
	}
	
	
	// Floating point minimum -------------------------------------------------
	__forceinline__ __device__ float FMIN(float a, float b)
	{
		return fminf(a, b);
	}
	
	__forceinline__ __device__ double FMIN(double a, double b)
	{
		return fmin(a, b);
	}
	
	// Floating point atomic minimum ------------------------------------------
	__forceinline__ __device__ float atomicFMIN(float* address, float val)
	{
		int ret = __float_as_int(*address);
		while ( val < __int_as_float(ret) )
		{
			int old = ret;
			if ( ( ret = atomicCAS((int *)address, old, __float_as_int(val)) ) == old )
				break;
		}
		return __int_as_float(ret);
	}
	
	__forceinline__ __device__ double atomicFMIN(double *address, double val)
	{
		unsigned long long ret = __double_as_longlong(*address);
		while ( val < __longlong_as_double(ret) )
		{
			unsigned long long old = ret;
			if ( ( ret = atomicCAS((unsigned long long *)address, old, __double_as_longlong(val)) ) == old )
				break;
		}
		return __longlong_as_double(ret);
	}
	
	// Floating point atomic maximum ------------------------------------------
	__forceinline__ __device__ float atomicFMAX(float *address, float val)
	{
		int ret = __float_as_int(*address);
		while ( val > __int_as_float(ret) )
		{
			int old = ret;
			if ( (ret = atomicCAS((int *)address, old, __float_as_int(val)) ) == old )
				break;
		}
		return __int_as_float(ret);
	}
	
	__forceinline__ __device__ double atomicFMAX(double *address, double val)
	{
		unsigned long long ret = __double_as_longlong(*address);
		while ( val > __longlong_as_double(ret) )
		{
			unsigned long long old = ret;
			if ( (ret = atomicCAS((unsigned long long *)address, old, __double_as_longlong(val)) ) == old )
				break;
		}
		return __longlong_as_double(ret);
	}
}

#endif
// ---- end of SourceCodes/MPGOS_Overloaded_MathFunction.cuh
// #include "SingleSystem_PerThread_DenseOutput.cuh"
// ---- begin of SourceCodes/SingleSystem_PerThread_DenseOutput.cuh, whole
#ifndef SINGLESYSTEM_PERTHREAD_DENSEOUTPUT_H
#define SINGLESYSTEM_PERTHREAD_DENSEOUTPUT_H


template <int NT, int SD, int NDO, class Precision>
__forceinline__ __device__ void PerThread_StoreDenseOutput(\
			int        tid, \
			int        r_UpdateDenseOutput, \
			int&       r_DenseOutputIndex, \
			Precision* d_DenseOutputTimeInstances, \
			Precision  r_ActualTime, \
			Precision* d_DenseOutputStates, \
			Precision* r_ActualState, \
			int&       r_NumberOfSkippedStores, \
			Precision& r_DenseOutputActualTime, \
			Precision  DenseOutputMinimumTimeStep, \
			Precision  UpperTimeDomain)
{
	if ( r_UpdateDenseOutput == 1 )
	{
		d_DenseOutputTimeInstances[tid + r_DenseOutputIndex*NT] = r_ActualTime;
		
		int DenseOutputStateIndex = tid + r_DenseOutputIndex*NT*SD;
		for (int i=0; i<SD; i++)
		{
			d_DenseOutputStates[DenseOutputStateIndex] = r_ActualState[i];
			DenseOutputStateIndex += NT;
		}
		
		r_DenseOutputIndex++;
		r_NumberOfSkippedStores = 0;
		r_DenseOutputActualTime = MPGOS::FMIN(r_ActualTime+DenseOutputMinimumTimeStep, UpperTimeDomain);
	}
	
	if ( r_UpdateDenseOutput == 0 )
		r_NumberOfSkippedStores++;
}


template <int NDO, class Precision>
__forceinline__ __device__ void PerThread_DenseOutputStorageCondition(\
			Precision r_ActualTime, \
			Precision r_DenseOutputActualTime, \
			int       r_DenseOutputIndex, \
			int       r_NumberOfSkippedStores, \
			int       r_EndTimeDomainReached, \
			int       r_UserDefinedTermination, \
			int&      r_UpdateDenseOutput, \
			Struct_SolverOptions<Precision> SolverOptions)
{
	if ( ( r_DenseOutputIndex < NDO ) && ( r_DenseOutputActualTime < r_ActualTime ) && ( r_NumberOfSkippedStores >= (SolverOptions.DenseOutputSaveFrequency-1) ) )
		r_UpdateDenseOutput = 1;
	else
		r_UpdateDenseOutput = 0;
	
	if ( ( r_DenseOutputIndex < NDO ) && ( ( r_EndTimeDomainReached == 1 ) || ( r_UserDefinedTermination == 1 ) ) )
		r_UpdateDenseOutput = 1;
}

#endif
// ---- end of SourceCodes/SingleSystem_PerThread_DenseOutput.cuh
// #include "SingleSystem_PerThread_ExplicitRungeKutta_Steppers.cuh"
// ---- begin of SourceCodes/SingleSystem_PerThread_ExplicitRungeKutta_Steppers.cuh, whole
#ifndef SINGLESYSTEM_PERTHREAD_EXPLICITRUNGEKUTTA_STEPPERS_H
#define SINGLESYSTEM_PERTHREAD_EXPLICITRUNGEKUTTA_STEPPERS_H


// RK4 ------------------------------------------------------------------------
template <int NT, int SD, class Precision>
__forceinline__ __device__ void PerThread_Stepper_RK4(\
			int        tid, \
			Precision  r_ActualTime, \
			Precision  r_TimeStep, \
			Precision* r_ActualState, \
			Precision* r_NextState, \
			Precision* r_Error, \
			int&       r_IsFinite, \
			Precision* r_ControlParameters, \
			Precision* gs_SharedParameters, \
			int*       gs_IntegerSharedParameters, \
			Precision* r_Accessories, \
			int*       r_IntegerAccessories)
{
	// MEMORY MANAGEMENT ------------------------------------------------------
	Precision X[SD];
	Precision k1[SD];
	
	Precision T;
	Precision dTp2 = static_cast<Precision>(0.5)     * r_TimeStep;
	Precision dTp6 = static_cast<Precision>(1.0/6.0) * r_TimeStep;
	
	
	// K1 ---------------------------------------------------------------------
	PerThread_OdeFunction(\
		tid, \
		NT, \
		r_NextState, \
		r_ActualState, \
		r_ActualTime, \
		r_ControlParameters, \
		gs_SharedParameters, \
		gs_IntegerSharedParameters, \
		r_Accessories, \
		r_IntegerAccessories);
	
	
	// K2 ---------------------------------------------------------------------
	T  = r_ActualTime + dTp2;
	
	#pragma unroll
	for (int i=0; i<SD; i++)
		X[i] = r_ActualState[i] + r_NextState[i] * dTp2;
	
	PerThread_OdeFunction(\
		tid, \
		NT, \
		k1, \
		X, \
		T, \
		r_ControlParameters, \
		gs_SharedParameters, \
		gs_IntegerSharedParameters, \
		r_Accessories, \
		r_IntegerAccessories);
	
	
	// K3 ---------------------------------------------------------------------
	#pragma unroll
	for (int i=0; i<SD; i++)
	{	
		r_NextState[i] = r_NextState[i] + static_cast<Precision>(2.0)*k1[i];
		X[i] = r_ActualState[i] + k1[i] * dTp2;
	}
	
	PerThread_OdeFunction(\
		tid, \
		NT, \
		k1, \
		X, \
		T, \
		r_ControlParameters, \
		gs_SharedParameters, \
		gs_IntegerSharedParameters, \
		r_Accessories, \
		r_IntegerAccessories);
	
	
	// K4 ---------------------------------------------------------------------
	T = r_ActualTime + r_TimeStep;
	
	#pragma unroll
	for (int i=0; i<SD; i++)
	{
		r_NextState[i] = r_NextState[i] + static_cast<Precision>(2.0)*k1[i];
		X[i] = r_ActualState[i] + k1[i] * r_TimeStep;
	}
	
	PerThread_OdeFunction(\
		tid, \
		NT, \
		k1, \
		X, \
		T, \
		r_ControlParameters, \
		gs_SharedParameters, \
		gs_IntegerSharedParameters, \
		r_Accessories, \
		r_IntegerAccessories);
	
	
	// NEW STATE --------------------------------------------------------------
	#pragma unroll
	for (int i=0; i<SD; i++)
	{
		r_NextState[i] = r_ActualState[i] + dTp6 * ( r_NextState[i] + k1[i] );
		
		if ( isfinite( r_NextState[i] ) == 0 )
			r_IsFinite = 0;
	}
}


// RKCK 45 --------------------------------------------------------------------
template <int NT, int SD, class Precision>
__forceinline__ __device__ void PerThread_Stepper_RKCK45(\
			int        tid, \
			Precision  r_ActualTime, \
			Precision  r_TimeStep, \
			Precision* r_ActualState, \
			Precision* r_NextState, \
			Precision* r_Error, \
			int&       r_IsFinite, \
			Precision* r_ControlParameters, \
			Precision* gs_SharedParameters, \
			int*       gs_IntegerSharedParameters, \
			Precision* r_Accessories, \
			int*       r_IntegerAccessories)
{
	// MEMORY MANAGEMENT ------------------------------------------------------
	Precision X[SD];
	Precision T;
	
	Precision k1[SD];
	Precision k2[SD];
	Precision k3[SD];
	Precision k4[SD];
	Precision k5[SD];
	Precision k6[SD];
	
	
	// K1 ---------------------------------------------------------------------
	PerThread_OdeFunction(\
		tid, \
		NT, \
		k1, \
		r_ActualState, \
		r_ActualTime, \
		r_ControlParameters, \
		gs_SharedParameters, \
		gs_IntegerSharedParameters, \
		r_Accessories, \
		r_IntegerAccessories);
	
	
	// K2 ---------------------------------------------------------------------
	T = r_ActualTime + r_TimeStep * static_cast<Precision>(1.0/5.0);
	
	#pragma unroll
	for (int i=0; i<SD; i++)
		X[i] = r_ActualState[i] + r_TimeStep * ( static_cast<Precision>(1.0/5.0) * k1[i] );
	
	PerThread_OdeFunction(\
		tid, \
		NT, \
		k2, \
		X, \
		T, \
		r_ControlParameters, \
		gs_SharedParameters, \
		gs_IntegerSharedParameters, \
		r_Accessories, \
		r_IntegerAccessories);
	
	
	// K3 ---------------------------------------------------------------------
	T = r_ActualTime + r_TimeStep * static_cast<Precision>(3.0/10.0);
	
	#pragma unroll
	for (int i=0; i<SD; i++)
		X[i] = r_ActualState[i] + r_TimeStep * ( static_cast<Precision>(3.0/40.0) * k1[i] + \
	                                             static_cast<Precision>(9.0/40.0) * k2[i] );
	
	PerThread_OdeFunction(tid, \
		NT, \
		k3, \
		X, \
		T, \
		r_ControlParameters, \
		gs_SharedParameters, \
		gs_IntegerSharedParameters, \
		r_Accessories, \
		r_IntegerAccessories);
	
	
	// K4 ---------------------------------------------------------------------
	T = r_ActualTime + r_TimeStep * static_cast<Precision>(3.0/5.0);
	
	#pragma unroll
	for (int i=0; i<SD; i++)
		X[i] = r_ActualState[i] + r_TimeStep * ( static_cast<Precision>(3.0/10.0)  * k1[i] + \
	                                             static_cast<Precision>(-9.0/10.0) * k2[i] + \
												 static_cast<Precision>(6.0/5.0)   * k3[i] );
	
	PerThread_OdeFunction(\
		tid, \
		NT, \
		k4, \
		X, \
		T, \
		r_ControlParameters, \
		gs_SharedParameters, \
		gs_IntegerSharedParameters, \
		r_Accessories, \
		r_IntegerAccessories);
	
	
	// K5 ---------------------------------------------------------------------
	T = r_ActualTime + r_TimeStep;
	
	#pragma unroll
	for (int i=0; i<SD; i++)
		X[i] = r_ActualState[i] + r_TimeStep * ( static_cast<Precision>(-11.0/54.0) * k1[i] + \
	                                             static_cast<Precision>(5.0/2.0)    * k2[i] + \
												 static_cast<Precision>(-70.0/27.0) * k3[i] + \
												 static_cast<Precision>(35.0/27.0)  * k4[i] );
	
	PerThread_OdeFunction(\
		tid, \
		NT, \
		k5, \
		X, \
		T, \
		r_ControlParameters, \
		gs_SharedParameters, \
		gs_IntegerSharedParameters, \
		r_Accessories, \
		r_IntegerAccessories);
	
	
	// K6 ---------------------------------------------------------------------
	T = r_ActualTime + r_TimeStep * static_cast<Precision>(7.0/8.0);
	
	#pragma unroll
	for (int i=0; i<SD; i++)
		X[i] = r_ActualState[i] + r_TimeStep * ( static_cast<Precision>(1631.0/55296.0)   * k1[i] + \
	                                             static_cast<Precision>(175.0/512.0)      * k2[i] + \
												 static_cast<Precision>(575.0/13824.0)    * k3[i] + \
												 static_cast<Precision>(44275.0/110592.0) * k4[i] + \
												 static_cast<Precision>(253.0/4096.0)     * k5[i] );
	
	PerThread_OdeFunction(\
		tid, \
		NT, \
		k6, \
		X, \
		T, \
		r_ControlParameters, \
		gs_SharedParameters, \
		gs_IntegerSharedParameters, \
		r_Accessories, \
		r_IntegerAccessories);
	
	
	// NEW STATE AND ERROR ----------------------------------------------------
	#pragma unroll
	for (int i=0; i<SD; i++)
	{
		r_NextState[i] = r_ActualState[i] + r_TimeStep * ( static_cast<Precision>(37.0/378.0)   * k1[i] + \
		                                                   static_cast<Precision>(250.0/621.0)  * k3[i] + \
														   static_cast<Precision>(125.0/594.0)  * k4[i] + \
														   static_cast<Precision>(512.0/1771.0) * k6[i] );
		
		r_Error[i] = static_cast<Precision>(  37.0/378.0  -  2825.0/27648.0 ) * k1[i] + \
		             static_cast<Precision>( 250.0/621.0  - 18575.0/48384.0 ) * k3[i] + \
					 static_cast<Precision>( 125.0/594.0  - 13525.0/55296.0 ) * k4[i] + \
					 static_cast<Precision>(   0.0        -   277.0/14336.0 ) * k5[i] + \
					 static_cast<Precision>( 512.0/1771.0 -     1.0/4.0     ) * k6[i];
		r_Error[i] = r_TimeStep * abs( r_Error[i] ) + 1e-18;
		
		if ( ( isfinite( r_NextState[i] ) == 0 ) || ( isfinite( r_Error[i] ) == 0 ) )
			r_IsFinite = 0;
	}
}

#endif
// ---- end of SourceCodes/SingleSystem_PerThread_ExplicitRungeKutta_Steppers.cuh
// #include "SingleSystem_PerThread_ExplicitRungeKutta_ErrorControllers.cuh"
// ---- begin of SourceCodes/SingleSystem_PerThread_ExplicitRungeKutta_ErrorControllers.cuh, whole
#ifndef SINGLESYSTEM_PERTHREAD_EXPLICITRUNGEKUTTA_ERRORCONTROLLERS_H
#define SINGLESYSTEM_PERTHREAD_EXPLICITRUNGEKUTTA_ERRORCONTROLLERS_H


template <class Precision>
__forceinline__ __device__ void PerThread_ErrorController_RK4(\
			int        tid, \
			Precision  InitialTimeStep, \
			int&       r_IsFinite, \
			int&       r_TerminateSimulation, \
			Precision& r_NewTimeStep)
{
	if ( r_IsFinite == 0 )
	{
		printf("Error: State is not a finite number. Try to use smaller step size. (thread id: %d)\n", tid);
		r_TerminateSimulation = 1;
	}
	
	r_NewTimeStep = InitialTimeStep;
}


template <int SD, class Precision>
__forceinline__ __device__ void PerThread_ErrorController_RKCK45(\
			int        tid, \
			Precision  r_TimeStep, \
			Precision* r_ActualState, \
			Precision* r_NextState, \
			Precision* r_Error, \
			Precision* s_RelativeTolerance, \
			Precision* s_AbsoluteTolerance, \
			int&       r_UpdateStep, \
			int&       r_IsFinite, \
			int&       r_TerminateSimulation, \
			Precision& r_NewTimeStep, \
			Struct_SolverOptions<Precision> SolverOptions)
{
	Precision RelativeError = 1e30;
	Precision ErrorTolerance;
	Precision TimeStepMultiplicator;
	
	for (int i=0; i<SD; i++)
	{
		ErrorTolerance = MPGOS::FMAX( s_RelativeTolerance[i]*MPGOS::FMAX( MPGOS::FABS(r_NextState[i]), MPGOS::FABS(r_ActualState[i])), s_AbsoluteTolerance[i] );
		r_UpdateStep   = r_UpdateStep && ( r_Error[i] < ErrorTolerance );
		RelativeError  = MPGOS::FMIN( RelativeError, ErrorTolerance / r_Error[i] );
	}
	
	
	if ( r_UpdateStep == 1 )
		TimeStepMultiplicator = static_cast<Precision>(0.9) * pow(RelativeError, static_cast<Precision>(1.0/5.0) );
	else
		TimeStepMultiplicator = static_cast<Precision>(0.9) * pow(RelativeError, static_cast<Precision>(1.0/4.0) );
	
	if ( isfinite(TimeStepMultiplicator) == 0 )
		r_IsFinite = 0;
	
	
	if ( r_IsFinite == 0 )
	{
		TimeStepMultiplicator = SolverOptions.TimeStepShrinkLimit;
		r_UpdateStep = 0;
		
		if ( r_TimeStep < (SolverOptions.MinimumTimeStep*static_cast<Precision>(1.01)) )
		{
			printf("Error: State is not a finite number even with the minimal step size. Try to use less stringent tolerances. (thread id: %d)\n", tid);
			r_TerminateSimulation = 1;
		}
	} else
	{
		if ( r_TimeStep < (SolverOptions.MinimumTimeStep*static_cast<Precision>(1.01)) )
		{
			printf("Warning: Minimum step size reached! Continue with fixed minimum step size! Tolerance cannot be guaranteed!, thread id: %d, time step: %+6.5e, min step size: %+6.5e \n", tid, r_TimeStep, SolverOptions.MinimumTimeStep);
			r_UpdateStep = 1;
		}
	}
	
	
	TimeStepMultiplicator = MPGOS::FMIN(TimeStepMultiplicator, SolverOptions.TimeStepGrowLimit);
	TimeStepMultiplicator = MPGOS::FMAX(TimeStepMultiplicator, SolverOptions.TimeStepShrinkLimit);
	
	r_NewTimeStep = r_TimeStep * TimeStepMultiplicator;
	
	r_NewTimeStep = MPGOS::FMIN(r_NewTimeStep, SolverOptions.MaximumTimeStep);
	r_NewTimeStep = MPGOS::FMAX(r_NewTimeStep, SolverOptions.MinimumTimeStep);
}

#endif
// ---- end of SourceCodes/SingleSystem_PerThread_ExplicitRungeKutta_ErrorControllers.cuh
// #include "SingleSystem_PerThread_EventHandling.cuh"
// ---- begin of SourceCodes/SingleSystem_PerThread_EventHandling.cuh, whole
#ifndef SINGLESYSTEM_PERTHREAD_EVENTHANDLING_H
#define SINGLESYSTEM_PERTHREAD_EVENTHANDLING_H


template <int NE, class Precision>
__forceinline__ __device__ void PerThread_EventTimeStepControl(\
			int        tid, \
			int&       r_UpdateStep, \
			int        r_TerminateSimulation, \
			Precision* r_ActualEventValue, \
			Precision* r_NextEventValue, \
			Precision* s_EventTolerance, \
			int*       s_EventDirection, \
			Precision  r_TimeStep, \
			Precision& r_NewTimeStep, \
			Precision  MinimumTimeStep)
{
	Precision EventTimeStep = r_TimeStep;
	int       IsCorrected   = 0;
	
	if ( ( r_UpdateStep == 1 ) && ( r_TerminateSimulation == 0 ) )
	{
		for (int i=0; i<NE; i++)
		{
			if ( ( ( r_ActualEventValue[i] >  s_EventTolerance[i] ) && ( r_NextEventValue[i] < -s_EventTolerance[i] ) && ( s_EventDirection[i] <= 0 ) ) || \
				 ( ( r_ActualEventValue[i] < -s_EventTolerance[i] ) && ( r_NextEventValue[i] >  s_EventTolerance[i] ) && ( s_EventDirection[i] >= 0 ) ) )
			{
				EventTimeStep = MPGOS::FMIN( EventTimeStep, -r_ActualEventValue[i] / (r_NextEventValue[i]-r_ActualEventValue[i]) * r_TimeStep );
				IsCorrected   = 1;
			}
		}
	}
	
	if ( IsCorrected == 1 )
	{
		if ( EventTimeStep < MinimumTimeStep )
		{
			printf("Warning: Event cannot be detected without reducing the step size below the minimum! Event detection omitted!, (thread id: %d)\n", tid);
		} else
		{
			r_NewTimeStep = EventTimeStep;
			r_UpdateStep  = 0;
		}
	}
}

#endif
// ---- end of SourceCodes/SingleSystem_PerThread_EventHandling.cuh


template <int NT, int SD, int NCP, int NSP, int NISP, int NE, int NA, int NIA, int NDO, Algorithms Algorithm, class Precision>
__global__ void SingleSystem_PerThread(Struct_ThreadConfiguration ThreadConfiguration, Struct_GlobalVariables<Precision> GlobalVariables, Struct_SharedMemoryUsage SharedMemoryUsage, Struct_SolverOptions<Precision> SolverOptions)
{
	// THREAD MANAGEMENT ------------------------------------------------------
	int tid = threadIdx.x + blockIdx.x*blockDim.x;
	
	
	// SHARED MEMORY MANAGEMENT -----------------------------------------------
	//    DUE TO REQUIRED MEMORY ALIGMENT: PRECISONS FIRST, INTS NEXT IN DYNAMICALLY ALLOCATED SHARED MEMORY
	//    MINIMUM ALLOCABLE MEMORY IS 1
	extern __shared__ int DynamicSharedMemory[];
	int MemoryShift;
	
	Precision* gs_SharedParameters = (Precision*)&DynamicSharedMemory;
		MemoryShift = (SharedMemoryUsage.PreferSharedMemory  == 1 ? NSP : 0);
	
	int* gs_IntegerSharedParameters = (int*)&gs_SharedParameters[MemoryShift];
	
	const bool IsAdaptive  = ( Algorithm==RK4 ? 0 : 1 );
	
	__shared__ Precision s_RelativeTolerance[ (IsAdaptive==0 ? 1 : SD) ];
	__shared__ Precision s_AbsoluteTolerance[ (IsAdaptive==0 ? 1 : SD) ];
	__shared__ Precision s_EventTolerance[ (NE==0 ? 1 : NE) ];
	__shared__ int       s_EventDirection[ (NE==0 ? 1 : NE) ];
	
	// Initialise tolerances of adaptive solvers
	if ( IsAdaptive  == 1 )
	{
		const int LaunchesSD = SD / blockDim.x + (SD % blockDim.x == 0 ? 0 : 1);
		#pragma unroll
		for (int j=0; j<LaunchesSD; j++)
		{
			int ltid = threadIdx.x + j*blockDim.x;
			
			if ( ltid < SD)
			{
				s_RelativeTolerance[ltid] = GlobalVariables.d_RelativeTolerance[ltid];
				s_AbsoluteTolerance[ltid] = GlobalVariables.d_AbsoluteTolerance[ltid];
			}
		}
	}
	
	// Initialise shared event handling variables
	const int LaunchesNE = NE / blockDim.x + (NE % blockDim.x == 0 ? 0 : 1);
	#pragma unroll
	for (int j=0; j<LaunchesNE; j++)
	{
		int ltid = threadIdx.x + j*blockDim.x;
		
		if ( ltid < SD)
		{
			s_EventTolerance[ltid] = GlobalVariables.d_EventTolerance[ltid];
			s_EventDirection[ltid] = GlobalVariables.d_EventDirection[ltid];
		}
	}
	
	// Initialise shared parameters
	if ( SharedMemoryUsage.PreferSharedMemory == 0 )
	{
		gs_SharedParameters        = GlobalVariables.d_SharedParameters;
		gs_IntegerSharedParameters = GlobalVariables.d_IntegerSharedParameters;
	} else
	{
		const int MaxElementNumber = max( NSP, NISP );
		const int LaunchesSP       = MaxElementNumber / blockDim.x + (MaxElementNumber % blockDim.x == 0 ? 0 : 1);
		
		#pragma unroll
		for (int i=0; i<LaunchesSP; i++)
		{
			int ltid = threadIdx.x + i*blockDim.x;
			
			if ( ltid < NSP )
				gs_SharedParameters[ltid] = GlobalVariables.d_SharedParameters[ltid];
			
			if ( ltid < NISP )
				gs_IntegerSharedParameters[ltid] = GlobalVariables.d_IntegerSharedParameters[ltid];
		}
	}
	
	
	if (tid < ThreadConfiguration.NumberOfActiveThreads)
	{
		// REGISTER MEMORY MANAGEMENT -----------------------------------------
		//    MINIMUM ALLOCABLE MEMORY IS 1
		Precision r_TimeDomain[2];
		Precision r_ActualState[SD];
		Precision r_NextState[SD];
		Precision r_Error[SD];
		Precision r_ControlParameters[ (NCP==0 ? 1 : NCP) ];
		Precision r_Accessories[ (NA==0 ? 1 : NA) ];
		int       r_IntegerAccessories[ (NIA==0 ? 1 : NIA) ];
		Precision r_ActualEventValue[ (NE==0 ? 1 : NE) ];
		Precision r_NextEventValue[ (NE==0 ? 1 : NE) ];
		Precision r_ActualTime;
		Precision r_TimeStep;
		Precision r_NewTimeStep;
		Precision r_DenseOutputActualTime;
		int       r_DenseOutputIndex;
		int       r_UpdateDenseOutput;
		int       r_NumberOfSkippedStores;
		int       r_IsFinite;
		int       r_TerminateSimulation;
		int       r_UserDefinedTermination;
		int       r_UpdateStep;
		int       r_EndTimeDomainReached;
		
		#pragma unroll
		for (int i=0; i<2; i++)
			r_TimeDomain[i] = GlobalVariables.d_TimeDomain[tid + i*NT];
		
		#pragma unroll
		for (int i=0; i<SD; i++)
			r_ActualState[i] = GlobalVariables.d_ActualState[tid + i*NT];
		
		#pragma unroll
		for (int i=0; i<NCP; i++)
			r_ControlParameters[i] = GlobalVariables.d_ControlParameters[tid + i*NT];
		
		#pragma unroll
		for (int i=0; i<NA; i++)
			r_Accessories[i] = GlobalVariables.d_Accessories[tid + i*NT];
		
		#pragma unroll
		for (int i=0; i<NIA; i++)
			r_IntegerAccessories[i] = GlobalVariables.d_IntegerAccessories[tid + i*NT];
		
		r_ActualTime             = GlobalVariables.d_ActualTime[tid];
		r_TimeStep               = SolverOptions.InitialTimeStep;
		r_NewTimeStep            = SolverOptions.InitialTimeStep;
		r_DenseOutputIndex       = GlobalVariables.d_DenseOutputIndex[tid];
		r_UpdateDenseOutput      = 1;
		r_NumberOfSkippedStores  = 0;
		r_TerminateSimulation    = 0;
		r_UserDefinedTermination = 0;
		
		
		// INITIALISATION -----------------------------------------------------
		PerThread_Initialization<Precision>(\
			tid, \
			NT, \
			r_DenseOutputIndex, \
			r_ActualTime, \
			r_TimeStep, \
			r_TimeDomain, \
			r_ActualState, \
			r_ControlParameters, \
			gs_SharedParameters, \
			gs_IntegerSharedParameters, \
			r_Accessories, \
			r_IntegerAccessories);
		
		if ( NE > 0 )
		{
			PerThread_EventFunction<Precision>(\
				tid, \
				NT, \
				r_ActualEventValue, \
				r_ActualTime, \
				r_TimeStep, \
				r_TimeDomain, \
				r_ActualState, \
				r_ControlParameters, \
				gs_SharedParameters, \
				gs_IntegerSharedParameters, \
				r_Accessories, \
				r_IntegerAccessories);
		}
		
		if ( NDO > 0 )
		{
			PerThread_StoreDenseOutput<NT, SD, NDO, Precision>(\
				tid, \
				r_UpdateDenseOutput, \
				r_DenseOutputIndex, \
				GlobalVariables.d_DenseOutputTimeInstances, \
				r_ActualTime, \
				GlobalVariables.d_DenseOutputStates, \
				r_ActualState, \
				r_NumberOfSkippedStores, \
				r_DenseOutputActualTime, \
				SolverOptions.DenseOutputMinimumTimeStep, \
				r_TimeDomain[1]);
		}
		
		
		// SOLVER MANAGEMENT --------------------------------------------------
		while ( r_TerminateSimulation == 0 )
		{
			// INITIALISE TIME STEPPING ---------------------------------------
			r_UpdateStep           = 1;
			r_IsFinite             = 1;
			r_EndTimeDomainReached = 0;
			
			r_TimeStep = r_NewTimeStep;
			
			if ( r_TimeStep > ( r_TimeDomain[1] - r_ActualTime ) )
			{
				r_TimeStep = r_TimeDomain[1] - r_ActualTime;
				r_EndTimeDomainReached = 1;
			}
			
			
			// STEPPER --------------------------------------------------------
			if ( Algorithm == RK4 )
			{
				PerThread_Stepper_RK4<NT,SD,Precision>(\
					tid, \
					r_ActualTime, \
					r_TimeStep, \
					r_ActualState, \
					r_NextState, \
					r_Error, \
					r_IsFinite, \
					r_ControlParameters, \
					gs_SharedParameters, \
					gs_IntegerSharedParameters, \
					r_Accessories, \
					r_IntegerAccessories);
				
				PerThread_ErrorController_RK4<Precision>(\
					tid, \
					SolverOptions.InitialTimeStep, \
					r_IsFinite, \
					r_TerminateSimulation, \
					r_NewTimeStep);
			}
			
			if ( Algorithm == RKCK45 )
			{
				PerThread_Stepper_RKCK45<NT,SD,Precision>(\
					tid, \
					r_ActualTime, \
					r_TimeStep, \
					r_ActualState, \
					r_NextState, \
					r_Error, \
					r_IsFinite, \
					r_ControlParameters, \
					gs_SharedParameters, \
					gs_IntegerSharedParameters, \
					r_Accessories, \
					r_IntegerAccessories);
				
				PerThread_ErrorController_RKCK45<SD,Precision>(\
					tid, \
					r_TimeStep, \
					r_ActualState, \
					r_NextState, \
					r_Error, \
					s_RelativeTolerance, \
					s_AbsoluteTolerance, \
					r_UpdateStep, \
					r_IsFinite, \
					r_TerminateSimulation, \
					r_NewTimeStep, \
					SolverOptions);
			}
			
			
			// NEW EVENT VALUE AND TIME STEP CONTROL---------------------------
			if ( NE > 0 )
			{
				PerThread_EventFunction<Precision>(\
					tid, \
					NT, \
					r_NextEventValue, \
					r_ActualTime+r_TimeStep, \
					r_TimeStep, \
					r_TimeDomain, \
					r_NextState, \
					r_ControlParameters, \
					gs_SharedParameters, \
					gs_IntegerSharedParameters, \
					r_Accessories, \
					r_IntegerAccessories);
				
				PerThread_EventTimeStepControl<NE,Precision>(\
					tid, \
					r_UpdateStep, \
					r_TerminateSimulation, \
					r_ActualEventValue, \
					r_NextEventValue, \
					s_EventTolerance, \
					s_EventDirection, \
					r_TimeStep, \
					r_NewTimeStep, \
					SolverOptions.MinimumTimeStep);
			}
			
			
			// UPDATE PROCESS -------------------------------------------------
			if ( r_UpdateStep == 1 )
			{
				r_ActualTime += r_TimeStep;
				
				for (int i=0; i<SD; i++)
					r_ActualState[i] = r_NextState[i];
				
				PerThread_ActionAfterSuccessfulTimeStep<Precision>(\
					tid, \
					NT, \
					r_UserDefinedTermination, \
					r_ActualTime, \
					r_TimeStep, \
					r_TimeDomain, \
					r_ActualState, \
					r_ControlParameters, \
					gs_SharedParameters, \
					gs_IntegerSharedParameters, \
					r_Accessories, \
					r_IntegerAccessories);
				
				if ( NE > 0 )
				{
					for (int i=0; i<NE; i++)
					{
						if ( ( ( r_ActualEventValue[i] >  s_EventTolerance[i] ) && ( abs(r_NextEventValue[i]) < s_EventTolerance[i] ) && ( s_EventDirection[i] <= 0 ) ) || \
							 ( ( r_ActualEventValue[i] < -s_EventTolerance[i] ) && ( abs(r_NextEventValue[i]) < s_EventTolerance[i] ) && ( s_EventDirection[i] >= 0 ) ) )
						{
							PerThread_ActionAfterEventDetection<Precision>(\
								tid, \
								NT, \
								i, \
								r_UserDefinedTermination, \
								r_ActualTime, \
								r_TimeStep, \
								r_TimeDomain, \
								r_ActualState, \
								r_ControlParameters, \
								gs_SharedParameters, \
								gs_IntegerSharedParameters, \
								r_Accessories, \
								r_IntegerAccessories);
						}
					}
					
					PerThread_EventFunction<Precision>(\
						tid, \
						NT, \
						r_NextEventValue, \
						r_ActualTime, \
						r_TimeStep, \
						r_TimeDomain, \
						r_ActualState, \
						r_ControlParameters, \
						gs_SharedParameters, \
						gs_IntegerSharedParameters, \
						r_Accessories, 
						r_IntegerAccessories);
					
					for (int i=0; i<NE; i++)
						r_ActualEventValue[i] = r_NextEventValue[i];
				}
				
				if ( NDO > 0 )
				{
					PerThread_DenseOutputStorageCondition<NDO, Precision>(\
						r_ActualTime, \
						r_DenseOutputActualTime, \
						r_DenseOutputIndex, \
						r_NumberOfSkippedStores, \
						r_EndTimeDomainReached, \
						r_UserDefinedTermination, \
						r_UpdateDenseOutput, \
						SolverOptions);
					
					PerThread_StoreDenseOutput<NT, SD, NDO, Precision>(\
						tid, \
						r_UpdateDenseOutput, \
						r_DenseOutputIndex, \
						GlobalVariables.d_DenseOutputTimeInstances, \
						r_ActualTime, \
						GlobalVariables.d_DenseOutputStates, \
						r_ActualState, \
						r_NumberOfSkippedStores, \
						r_DenseOutputActualTime, \
						SolverOptions.DenseOutputMinimumTimeStep, \
						r_TimeDomain[1]);
				}
				
				if ( ( r_EndTimeDomainReached == 1 ) || ( r_UserDefinedTermination == 1 ) )
					r_TerminateSimulation = 1;
			}
		}
		
		
		// FINALISATION -----------------------------------------------------------
		PerThread_Finalization(\
			tid, \
			NT, \
			r_DenseOutputIndex, \
			r_ActualTime, \
			r_TimeStep, \
			r_TimeDomain, \
			r_ActualState, \
			r_ControlParameters, \
			gs_SharedParameters, \
			gs_IntegerSharedParameters, \
			r_Accessories, \
			r_IntegerAccessories);
		
		
		// WRITE DATA BACK TO GLOBAL MEMORY ---------------------------------------
		#pragma unroll
		for (int i=0; i<2; i++)
			GlobalVariables.d_TimeDomain[tid + i*NT] = r_TimeDomain[i];
		
		#pragma unroll
		for (int i=0; i<SD; i++)
			GlobalVariables.d_ActualState[tid + i*NT] = r_ActualState[i];
		
		#pragma unroll
		for (int i=0; i<NCP; i++)
			GlobalVariables.d_ControlParameters[tid + i*NT] = r_ControlParameters[i];
		
		#pragma unroll
		for (int i=0; i<NA; i++)
			GlobalVariables.d_Accessories[tid + i*NT] = r_Accessories[i];
		
		#pragma unroll
		for (int i=0; i<NIA; i++)
			GlobalVariables.d_IntegerAccessories[tid + i*NT] = r_IntegerAccessories[i];
		
		GlobalVariables.d_ActualTime[tid]       = r_ActualTime;
		GlobalVariables.d_DenseOutputIndex[tid] = r_DenseOutputIndex;
	}
}

#endif
