// tilelab kernel collection: cu-smallpt, Kevin Beason's smallpt path tracer ported to CUDA: one thread a pixel, 2 x 2 subpixels,
// Source:  https://github.com/matt77hias/cu-smallpt/blob/435b246367569ee5428caa1d57231aaebb210be6/cu-smallpt/cu-smallpt/src/kernel.cu
//          (matt77hias/cu-smallpt, commit 435b246, Matthias Moulin's CUDA smallpt) with the headers it includes
// Licence: MIT (the repository's LICENSE.txt, "Copyright (c) 2016 Matthias Moulin"), repeated below.
// each sample a path through the Cornell-box scene of 9 spheres (diffuse, mirror, glass with Schlick's Fresnel and
// Russian roulette after depth 4), cuRAND XORWOW (curand_init(pixel, 0, 0)) for the samples, all in double.
// Kept: the repository headers kernel.cu includes, copied in whole in include order, each marked with its name and lines:
//       math.hpp lines 25-50, vector.hpp 11-309, geometry.cuh 11-62, sphere.hpp 11-121, sampling.cuh 11-40,
//       specular.cuh 2-10 (its #include "curand_kernel.h") and 20-81; removed from them: each `#pragma once`,
//       the includes of each other (copied in instead), math.hpp's lines 1-24 less <cmath>, <cstdint>, <limits> (kept):
//       "device_launch_parameters.h" and <algorithm> (host-side, as the collection's other files remove them).
//       Then kernel.cu lines 15-31 (REFRACTIVE_INDEX_*, namespace smallpt) and 43-169 (Intersect, Radiance, kernel),
//       and line 204 (the namespace's close), unchanged. Removed from kernel.cu: lines 1-14 (includes: imageio.hpp,
//       cuda_tools.hpp and the headers above), 32-42 (g_spheres, the host's scene, given as the entries' input),
//       170-203 (Render: allocation, the launch, WritePPM) and 205-210 (main).
// Selection, fixed before any run (collection/manifest.toml, the cusmpt_ entries): the file's one __global__ kernel,
// launched as Render launches it, <<<(w / 16, h / 16), (16, 16)>>>, with main's default nb_samples 1 (no argument),
// the scene g_spheres as the host copies it (9 spheres of 88 bytes), Ls zeroed as cudaMemset zeroes it; 1024 x 768
// replaced by 16 x 16 (one block) and 32 x 16 (two blocks), multiples of 16 as Render's.
//
//                                The MIT License (MIT)
//
// Copyright (c) 2016 Matthias Moulin
//
// Permission is hereby granted, free of charge, to any person obtaining a copy of this 
// software and associated documentation files (the "Software"), to deal in the Software 
// without restriction, including without limitation the rights to use, copy, modify, 
// merge, publish, distribute, sublicense, and/or sell copies of the Software, and to 
// permit persons to whom the Software is furnished to do so, subject to the following 
// conditions: 
//
// The above copyright notice and this permission notice shall be included in all copies 
// or substantial portions of the Software.  
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, 
// INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A 
// PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT 
// HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF 
// CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE 
// OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

// ---- from the repository's math.hpp, lines 18-20 (its system includes less <algorithm>) ----
#include <cmath>
#include <cstdint>
#include <limits>
// ---- from the repository's math.hpp, lines 25-50 ----
// Declarations and Definitions
//-----------------------------------------------------------------------------
namespace smallpt {

	//-------------------------------------------------------------------------
	// Constants
	//-------------------------------------------------------------------------

	constexpr double g_pi = 3.14159265358979323846;

	//-------------------------------------------------------------------------
	// Utilities
	//-------------------------------------------------------------------------

	__host__ __device__ inline double Clamp(double v, 
											double low = 0.0, 
											double high = 1.0) noexcept {

		return fmin(fmax(v, low), high);
	}

	inline std::uint8_t ToByte(double color, double gamma = 2.2) noexcept {
		const double gcolor = std::pow(color, 1.0 / gamma);
		return static_cast< std::uint8_t >(Clamp(255.0 * gcolor, 0.0, 255.0));
	}
}
// ---- from the repository's vector.hpp, lines 11-309 ----

//-----------------------------------------------------------------------------
// Declarations and Definitions
//-----------------------------------------------------------------------------
namespace smallpt {

	//-------------------------------------------------------------------------
	// Vector3
	//-------------------------------------------------------------------------

	struct Vector3 {

	public:

		//---------------------------------------------------------------------
		// Constructors and Destructors
		//---------------------------------------------------------------------

		__host__ __device__ explicit Vector3(double xyz = 0.0) noexcept
			: Vector3(xyz, xyz, xyz) {}
		__host__ __device__ Vector3(double x, double y, double z) noexcept
			: m_x(x), m_y(y), m_z(z) {}
		Vector3(const Vector3& v) noexcept = default;
		Vector3(Vector3&& v) noexcept = default;
		~Vector3() = default;

		//---------------------------------------------------------------------
		// Assignment Operators
		//---------------------------------------------------------------------

		Vector3& operator=(const Vector3& v) = default;
		Vector3& operator=(Vector3&& v) = default;

		//---------------------------------------------------------------------
		// Member Methods
		//---------------------------------------------------------------------

		__device__ bool HasNaNs() const {
			return std::isnan(m_x) || std::isnan(m_y) || std::isnan(m_z);
		}

		__device__ const Vector3 operator-() const {
			return { -m_x, -m_y, -m_z };
		}

		__device__ const Vector3 operator+(const Vector3& v) const {
			return { m_x + v.m_x, m_y + v.m_y, m_z + v.m_z };
		}
		__device__ const Vector3 operator-(const Vector3& v) const {
			return { m_x - v.m_x, m_y - v.m_y, m_z - v.m_z };
		}
		__device__ const Vector3 operator*(const Vector3& v) const {
			return { m_x * v.m_x, m_y * v.m_y, m_z * v.m_z };
		}
		__device__ const Vector3 operator/(const Vector3& v) const {
			return { m_x / v.m_x, m_y / v.m_y, m_z / v.m_z };
		}
		__device__ const Vector3 operator+(double a) const {
			return { m_x + a, m_y + a, m_z + a };
		}
		__device__ const Vector3 operator-(double a) const {
			return { m_x - a, m_y - a, m_z - a };
		}
		__device__ const Vector3 operator*(double a) const {
			return { m_x * a, m_y * a, m_z * a };
		}
		__device__ const Vector3 operator/(double a) const {
			const double inv_a = 1.0 / a;
			return { m_x * inv_a, m_y * inv_a, m_z * inv_a };
		}

		__device__ Vector3& operator+=(const Vector3& v) {
			m_x += v.m_x;
			m_y += v.m_y;
			m_z += v.m_z;
			return *this;
		}
		__device__ Vector3& operator-=(const Vector3& v) {
			m_x -= v.m_x;
			m_y -= v.m_y;
			m_z -= v.m_z;
			return *this;
		}
		__device__ Vector3& operator*=(const Vector3& v) {
			m_x *= v.m_x;
			m_y *= v.m_y;
			m_z *= v.m_z;
			return *this;
		}
		__device__ Vector3& operator/=(const Vector3& v) {
			m_x /= v.m_x;
			m_y /= v.m_y;
			m_z /= v.m_z;
			return *this;
		}
		__device__ Vector3& operator+=(double a) {
			m_x += a;
			m_y += a;
			m_z += a;
			return *this;
		}
		__device__ Vector3& operator-=(double a) {
			m_x -= a;
			m_y -= a;
			m_z -= a;
			return *this;
		}
		__device__ Vector3& operator*=(double a) {
			m_x *= a;
			m_y *= a;
			m_z *= a;
			return *this;
		}
		__device__ Vector3& operator/=(double a) {
			const double inv_a = 1.0 / a;
			m_x *= inv_a;
			m_y *= inv_a;
			m_z *= inv_a;
			return *this;
		}

		__device__ double Dot(const Vector3& v) const {
			return m_x * v.m_x + m_y * v.m_y + m_z * v.m_z;
		}
		__device__ const Vector3 Cross(const Vector3& v) const {
			return {
				m_y * v.m_z - m_z * v.m_y,
				m_z * v.m_x - m_x * v.m_z,
				m_x * v.m_y - m_y * v.m_x
			};
		}

		__device__ bool operator==(const Vector3& rhs) const {
			return m_x == rhs.m_x && m_y == rhs.m_y && m_z == rhs.m_z;
		}
		__device__ bool operator!=(const Vector3& rhs) const {
			return !(*this == rhs);
		}

		__device__ double& operator[](std::size_t i) {
			return (&m_x)[i];
		}
		__device__ double operator[](std::size_t i) const {
			return (&m_x)[i];
		}

		__device__ std::size_t MinDimension() const {
			return (m_x < m_y && m_x < m_z) ? 0u : ((m_y < m_z) ? 1u : 2u);
		}
		__device__ std::size_t MaxDimension() const {
			return (m_x > m_y && m_x > m_z) ? 0u : ((m_y > m_z) ? 1u : 2u);
		}
		__device__ double Min() const {
			return fmin(m_x, fmin(m_y, m_z));
		}
		__device__ double Max() const {
			return fmax(m_x, fmax(m_y, m_z));
		}

		__device__ double Norm2_squared() const {
			return m_x * m_x + m_y * m_y + m_z * m_z;
		}

		__device__ double Norm2() const {
			return std::sqrt(Norm2_squared());
		}

		__device__ void Normalize() {
			const double a = 1.0 / Norm2();
			m_x *= a;
			m_y *= a;
			m_z *= a;
		}

		//---------------------------------------------------------------------
		// Member Variables
		//---------------------------------------------------------------------

		double m_x, m_y, m_z;
	};

	//-------------------------------------------------------------------------
	// Vector3 Utilities
	//-------------------------------------------------------------------------

	__device__ inline const Vector3 operator+(double a, const Vector3& v) {
		return { a + v.m_x, a + v.m_y, a + v.m_z };
	}

	__device__ inline const Vector3 operator-(double a, const Vector3& v) {
		return { a - v.m_x, a - v.m_y, a - v.m_z };
	}

	__device__ inline const Vector3 operator*(double a, const Vector3& v) {
		return { a * v.m_x, a * v.m_y, a * v.m_z };
	}

	__device__ inline const Vector3 operator/(double a, const Vector3& v) {
		return { a / v.m_x, a / v.m_y, a / v.m_z };
	}

	__device__ inline const Vector3 Sqrt(const Vector3& v) {
		return {
			std::sqrt(v.m_x),
			std::sqrt(v.m_y),
			std::sqrt(v.m_z)
		};
	}

	__device__ inline const Vector3 Pow(const Vector3& v, double a) {
		return {
			std::pow(v.m_x, a),
			std::pow(v.m_y, a),
			std::pow(v.m_z, a)
		};
	}

	__device__ inline const Vector3 Abs(const Vector3& v) {
		return {
			std::abs(v.m_x),
			std::abs(v.m_y),
			std::abs(v.m_z)
		};
	}

	__device__ inline const Vector3 Min(const Vector3& v1, const Vector3& v2) {
		return {
			fmin(v1.m_x, v2.m_x),
			fmin(v1.m_y, v2.m_y),
			fmin(v1.m_z, v2.m_z)
		};
	}

	__device__ inline const Vector3 Max(const Vector3& v1, const Vector3& v2) {
		return {
			fmax(v1.m_x, v2.m_x),
			fmax(v1.m_y, v2.m_y),
			fmax(v1.m_z, v2.m_z)
		};
	}

	__device__ inline const Vector3 Round(const Vector3& v) {
		return {
			std::round(v.m_x),
			std::round(v.m_y),
			std::round(v.m_z)
		};
	}

	__device__ inline const Vector3 Floor(const Vector3& v) {
		return {
			std::floor(v.m_x),
			std::floor(v.m_y),
			std::floor(v.m_z)
		};
	}

	__device__ inline const Vector3 Ceil(const Vector3& v) {
		return {
			std::ceil(v.m_x),
			std::ceil(v.m_y),
			std::ceil(v.m_z)
		};
	}

	__device__ inline const Vector3 Trunc(const Vector3& v) {
		return {
			std::trunc(v.m_x),
			std::trunc(v.m_y),
			std::trunc(v.m_z)
		};
	}

	__device__ inline const Vector3 Clamp(const Vector3& v, 
										  double low = 0.0, 
										  double high = 1.0) {
		return {
			Clamp(v.m_x, low, high),
			Clamp(v.m_y, low, high),
			Clamp(v.m_z, low, high) }
		;
	}

	__device__ inline const Vector3 Lerp(double a, 
										 const Vector3& v1, 
										 const Vector3& v2) {
		return v1 + a * (v2 - v1);
	}

	template< std::size_t X, std::size_t Y, std::size_t Z >
	__device__ inline const Vector3 Permute(const Vector3& v) {
		return { v[X], v[Y], v[Z] };
	}

	__device__ inline const Vector3 Normalize(const Vector3& v) {
		const double a = 1.0 / v.Norm2();
		return a * v;
	}
}
// ---- from the repository's geometry.cuh, lines 11-62 ----

//-----------------------------------------------------------------------------
// Declarations and Definitions
//-----------------------------------------------------------------------------
namespace smallpt {

	struct Ray {

	public:

		//---------------------------------------------------------------------
		// Constructors and Destructors
		//---------------------------------------------------------------------

		__device__ explicit Ray(Vector3 o, 
								Vector3 d, 
								double tmin = 0.0, 
								double tmax = std::numeric_limits< double >::infinity(), 
								std::uint32_t depth = 0u) noexcept
			: m_o(std::move(o)),
			m_d(std::move(d)),
			m_tmin(tmin),
			m_tmax(tmax),
			m_depth(depth) {};
		Ray(const Ray& ray) noexcept = default;
		Ray(Ray&& ray) noexcept = default;
		~Ray() = default;

		//---------------------------------------------------------------------
		// Assignment Operators
		//---------------------------------------------------------------------

		Ray& operator=(const Ray& ray) = default;
		Ray& operator=(Ray&& ray) = default;

		//---------------------------------------------------------------------
		// Member Methods
		//---------------------------------------------------------------------

		__device__ const Vector3 operator()(double t) const {
			return m_o + m_d * t;
		}

		//---------------------------------------------------------------------
		// Member Variables
		//---------------------------------------------------------------------

		Vector3 m_o, m_d;
		mutable double m_tmin, m_tmax;
		std::uint32_t m_depth;
	};
}
// ---- from the repository's sphere.hpp, lines 11-121 ----

//-----------------------------------------------------------------------------
// Defines
//-----------------------------------------------------------------------------
#pragma region

#define EPSILON_SPHERE 1e-4

#pragma endregion

//-----------------------------------------------------------------------------
// Declarations and Definitions
//-----------------------------------------------------------------------------
namespace smallpt {

	//-------------------------------------------------------------------------
	// Declarations and Definitions: Reflection_t
	//-------------------------------------------------------------------------

	enum struct Reflection_t {
		Diffuse,
		Specular,
		Refractive
	};

	//-------------------------------------------------------------------------
	// Declarations and Definitions: Sphere
	//-------------------------------------------------------------------------

	struct Sphere {

		//---------------------------------------------------------------------
		// Constructors and Destructors
		//---------------------------------------------------------------------

		__host__ __device__ explicit Sphere(double r,
											Vector3 p,
											Vector3 e,
											Vector3 f,
											Reflection_t reflection_t) noexcept
			: m_r(r),
			m_p(std::move(p)),
			m_e(std::move(e)),
			m_f(std::move(f)),
			m_reflection_t(reflection_t) {}
		Sphere(const Sphere& sphere) noexcept = default;
		Sphere(Sphere&& sphere) noexcept = default;
		~Sphere() = default;

		//---------------------------------------------------------------------
		// Assignment Operators
		//---------------------------------------------------------------------

		Sphere& operator=(const Sphere& sphere) = default;
		Sphere& operator=(Sphere&& sphere) = default;
		
		//---------------------------------------------------------------------
		// Member Methods
		//---------------------------------------------------------------------

		__device__ bool Intersect(const Ray& ray) const {
			// (o + t*d - p) . (o + t*d - p) - r*r = 0
			// <=> (d . d) * t^2 + 2 * d . (o - p) * t + (o - p) . (o - p) - r*r = 0
			// 
			// Discriminant check
			// (2 * d . (o - p))^2 - 4 * (d . d) * ((o - p) . (o - p) - r*r) <? 0
			// <=> (d . (o - p))^2 - (d . d) * ((o - p) . (o - p) - r*r) <? 0
			// <=> (d . op)^2 - 1 * (op . op - r*r) <? 0
			// <=> b^2 - (op . op) + r*r <? 0
			// <=> D <? 0
			//
			// Solutions
			// t = (- 2 * d . (o - p) +- 2 * sqrt(D)) / (2 * (d . d))
			// <=> t = dop +- sqrt(D)

			const Vector3 op = m_p - ray.m_o;
			const double dop = ray.m_d.Dot(op);
			const double D = dop * dop - op.Dot(op) + m_r * m_r;

			if (0.0 > D) {
				return false;
			}

			const double sqrtD = sqrt(D);

			const double tmin = dop - sqrtD;
			if (ray.m_tmin < tmin && tmin < ray.m_tmax) {
				ray.m_tmax = tmin;
				return true;
			}

			const double tmax = dop + sqrtD;
			if (ray.m_tmin < tmax && tmax < ray.m_tmax) {
				ray.m_tmax = tmax;
				return true;
			}

			return false;
		}

		//---------------------------------------------------------------------
		// Member Variables
		//---------------------------------------------------------------------

		double m_r;
		Vector3 m_p; // position
		Vector3 m_e; // emission
		Vector3 m_f; // reflection
		Reflection_t m_reflection_t;
	};
}
// ---- from the repository's sampling.cuh, lines 11-40 ----

//-----------------------------------------------------------------------------
// Declarations and Definitions
//-----------------------------------------------------------------------------
namespace smallpt {

	__device__ inline Vector3 UniformSampleOnHemisphere(double u1, 
														double u2) {
		// u1 := cos_theta
		const double sin_theta = std::sqrt(fmax(0.0, 1.0 - u1 * u1));
		const double phi = 2.0 * g_pi * u2;
		return {
			std::cos(phi) * sin_theta,
			std::sin(phi) * sin_theta,
			u1
		};
	}

	__device__ inline Vector3 CosineWeightedSampleOnHemisphere(double u1, 
															   double u2) {
		const double cos_theta = sqrt(1.0 - u1);
		const double sin_theta = sqrt(u1);
		const double phi = 2.0 * g_pi * u2;
		return {
			std::cos(phi) * sin_theta,
			std::sin(phi) * sin_theta,
			cos_theta
		};
	}
}
// ---- from the repository's specular.cuh, lines 2-10 ----

//-----------------------------------------------------------------------------
// CUDA Includes
//-----------------------------------------------------------------------------
#pragma region

#include "curand_kernel.h"

#pragma endregion
// ---- from the repository's specular.cuh, lines 20-81 ----

//-----------------------------------------------------------------------------
// Declarations and Definitions
//-----------------------------------------------------------------------------
namespace smallpt {

	__device__ inline double Reflectance0(double n1, double n2) {
		const double sqrt_R0 = (n1 - n2) / (n1 + n2);
		return sqrt_R0 * sqrt_R0;
	}

	__device__ inline double SchlickReflectance(double n1, 
												double n2, 
												double c) {
		
		const double R0 = Reflectance0(n1, n2);
		return R0 + (1.0 - R0) * c * c * c * c * c;
	}

	__device__ inline const Vector3 IdealSpecularReflect(const Vector3& d, 
														 const Vector3& n) {
		return d - 2.0 * n.Dot(d) * n;
	}

	__device__ inline const Vector3 IdealSpecularTransmit(const Vector3& d, 
														  const Vector3& n, 
														  double n_out, 
														  double n_in, 
														  double& pr, 
														  curandState* state) {
		
		const Vector3 d_Re = IdealSpecularReflect(d, n);

		const bool out_to_in = (0.0 > n.Dot(d));
		const Vector3 nl = out_to_in ? n : -n;
		const double nn = out_to_in ? n_out / n_in : n_in / n_out;
		const double cos_theta = d.Dot(nl);
		const double cos2_phi = 1.0 - nn * nn * (1.0 - cos_theta * cos_theta);

		// Total Internal Reflection
		if (0.0 > cos2_phi) {
			pr = 1.0;
			return d_Re;
		}

		const Vector3 d_Tr = Normalize(nn * d - nl * (nn * cos_theta + sqrt(cos2_phi)));
		const double c = 1.0 - (out_to_in ? -cos_theta : d_Tr.Dot(n));

		const double Re = SchlickReflectance(n_out, n_in, c);
		const double p_Re = 0.25 + 0.5 * Re;
		if (curand_uniform_double(state) < p_Re) {
			pr = (Re / p_Re);
			return d_Re;
		}
		else {
			const double Tr = 1.0 - Re;
			const double p_Tr = 1.0 - p_Re;
			pr = (Tr / p_Tr);
			return d_Tr;
		}
	}
}
// ---- from the repository's kernel.cu, lines 15-31 ----
//-----------------------------------------------------------------------------
// Defines
//-----------------------------------------------------------------------------
#pragma region

#define REFRACTIVE_INDEX_OUT 1.0
#define REFRACTIVE_INDEX_IN  1.5

#pragma endregion

//-----------------------------------------------------------------------------
// Declarations and Definitions
//-----------------------------------------------------------------------------
namespace smallpt {

	//__constant__ Sphere dev_spheres[9];

// ---- from the repository's kernel.cu, lines 43-169 ----

	__device__ inline bool Intersect(const Sphere* dev_spheres, 
									 std::size_t nb_spheres, 
									 const Ray& ray, 
									 size_t& id) {
		
		bool hit = false;
		for (std::size_t i = 0u; i < nb_spheres; ++i) {
			if (dev_spheres[i].Intersect(ray)) {
				hit = true;
				id  = i;
			}
		}

		return hit;
	}

	__device__ static Vector3 Radiance(const Sphere* dev_spheres, 
									   std::size_t nb_spheres,
									   const Ray& ray, 
									   curandState* state) {
		
		Ray r = ray;
		Vector3 L;
		Vector3 F(1.0);

		while (true) {
			std::size_t id;
			if (!Intersect(dev_spheres, nb_spheres, r, id)) {
				return L;
			}

			const Sphere& shape = dev_spheres[id];
			const Vector3 p = r(r.m_tmax);
			const Vector3 n = Normalize(p - shape.m_p);

			L += F * shape.m_e;
			F *= shape.m_f;

			// Russian roulette
			if (4 < r.m_depth) {
				const double continue_probability = shape.m_f.Max();
				if (curand_uniform_double(state) >= continue_probability) {
					return L;
				}
				F /= continue_probability;
			}

			// Next path segment
			switch (shape.m_reflection_t) {
			
			case Reflection_t::Specular: {
				const Vector3 d = IdealSpecularReflect(r.m_d, n);
				r = Ray(p, d, EPSILON_SPHERE, INFINITY, r.m_depth + 1u);
				break;
			}
			
			case Reflection_t::Refractive: {
				double pr;
				const Vector3 d = IdealSpecularTransmit(r.m_d, n, REFRACTIVE_INDEX_OUT, REFRACTIVE_INDEX_IN, pr, state);
				F *= pr;
				r = Ray(p, d, EPSILON_SPHERE, INFINITY, r.m_depth + 1u);
				break;
			}
			
			default: {
				const Vector3 w = (0.0 > n.Dot(r.m_d)) ? n : -n;
				const Vector3 u = Normalize((abs(w.m_x) > 0.1 ? Vector3(0.0, 1.0, 0.0) : Vector3(1.0, 0.0, 0.0)).Cross(w));
				const Vector3 v = w.Cross(u);

				const Vector3 sample_d = CosineWeightedSampleOnHemisphere(curand_uniform_double(state), curand_uniform_double(state));
				const Vector3 d = Normalize(sample_d.m_x * u + sample_d.m_y * v + sample_d.m_z * w);
				r = Ray(p, d, EPSILON_SPHERE, INFINITY, r.m_depth + 1u);
			}
			}
		}
	}

	__global__ static void kernel(const Sphere* dev_spheres, 
								  std::size_t nb_spheres,
								  std::uint32_t w, 
								  std::uint32_t h, 
								  Vector3* Ls, 
								  std::uint32_t nb_samples) {
		
		const std::uint32_t x = threadIdx.x + blockIdx.x * blockDim.x;
		const std::uint32_t y = threadIdx.y + blockIdx.y * blockDim.y;
		const std::uint32_t offset = x + y * blockDim.x * gridDim.x;

		if (x >= w || y >= h) {
			return;
		}

		// RNG
		curandState state;
		curand_init(offset, 0u, 0u, &state);

		const Vector3 eye = { 50.0, 52.0, 295.6 };
		const Vector3 gaze = Normalize(Vector3(0.0, -0.042612, -1.0));
		const double fov = 0.5135;
		const Vector3 cx = { w * fov / h, 0.0, 0.0 };
		const Vector3 cy = Normalize(cx.Cross(gaze)) * fov;

		for (std::size_t sy = 0u, i = (h - 1u - y) * w + x; sy < 2u; ++sy) { // 2 subpixel row

			for (std::size_t sx = 0u; sx < 2u; ++sx) { // 2 subpixel column

				Vector3 L;

				for (std::size_t s = 0u; s < nb_samples; ++s) { // samples per subpixel
					const double u1 = 2.0 * curand_uniform_double(&state);
					const double u2 = 2.0 * curand_uniform_double(&state);
					const double dx = (u1 < 1.0) ? sqrt(u1) - 1.0 : 1.0 - sqrt(2.0 - u1);
					const double dy = (u2 < 1.0) ? sqrt(u2) - 1.0 : 1.0 - sqrt(2.0 - u2);
					const Vector3 d = cx * (((sx + 0.5 + dx) * 0.5 + x) / w - 0.5) +
						              cy * (((sy + 0.5 + dy) * 0.5 + y) / h - 0.5) + gaze;
					
					L += Radiance(dev_spheres, nb_spheres, 
						Ray(eye + d * 130, Normalize(d), EPSILON_SPHERE), &state) 
						* (1.0 / nb_samples);
				}
				
				Ls[i] += 0.25 * Clamp(L);
			}
		}
	}

// ---- from the repository's kernel.cu, lines 204-204 ----
}
