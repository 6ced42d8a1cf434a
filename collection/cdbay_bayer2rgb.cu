// tilelab kernel collection: cuda-debayer's bilinear Bayer demosaicing (RGGB family, and RGB-IR with a thermogram)
// Licence: GPL-2.0 (the file's own notice, kept below; the repository has no separate LICENSE file)
// Source:  https://github.com/avionic-design/cuda-debayer/blob/aaf8a4ec1a6a512eb14c40dff25fe64586080057/src/bayer2rgb.cu
// Kept: lines 1-14 (the notice), 20-48 (the neighbour and interpolation macros, RED/GREEN/BLUE) and 73-297 (the
//       three kernels and ir_to_thermal), unchanged. Removed: lines 16-18 (the project's includes), 50-72 (struct
//       cuda_vars, host state) and 299-495 (bayer2rgb_process, alloc_create_cuda_data, bayer2rgb_init, bayer2rgb_free).
// The launches are bayer2rgb_init's: block 32 x 32, grid ceil((width / 2) / 32) x ceil((height / 2) / 32), the
//       four int2 colour positions of its V4L2 format switch by value, the input one byte a pixel.

/*
 * Copyright (C) 2016 Avionic Design GmbH
 * Meike Vocke <meike.vocke@avionic-design.de>
 *
 * This program is free software; you can redistribute it and/or modify
 * it under the terms of the GNU General Public License version 2 as
 * published by the Free Software Foundation.
 *
 * This file contains the CUDA kernel with functions to initialise all needed
 * parameters for kernel Launch. Also the destruction of generated parameter is
 * included.
 *
 * Compute Capability 3.0 or higher required
 */

// ---- copied from include/bayer2rgb.h (the same notice), marked: line 17
#include <stdint.h>
// ---- end of the copied line

#define LEFT(x, y, imgw)	((x) - 1 + (y) * (imgw))
#define RIGHT(x, y, imgw)	((x) + 1 + (y) * (imgw))
#define TOP(x, y, imgw)		((x) + ((y) - 1) * (imgw))
#define BOT(x, y, imgw)		((x) + ((y) + 1) * (imgw))
#define TL(x, y, imgw)		((x) - 1 + ((y) - 1) * (imgw))
#define BL(x, y, imgw)		((x) - 1 + ((y) + 1) * (imgw))
#define TR(x, y, imgw)		((x) + 1 + ((y) - 1) * (imgw))
#define BR(x, y, imgw)		((x) + 1 + ((y) + 1) * (imgw))

#define PIX(in, x, y, imgw) \
	in[((x) + (y) * (imgw))]

#define INTERPOLATE_H(in, x, y, w) \
	(((uint32_t)in[LEFT(x, y, w)] + in[RIGHT(x, y, w)]) / 2)

#define INTERPOLATE_V(in, x, y, w) \
	(((uint32_t)in[TOP(x, y, w)] + in[BOT(x, y, w)]) / 2)

#define INTERPOLATE_HV(in, x, y, w) \
	(((uint32_t)in[LEFT(x, y, w)] + in[RIGHT(x, y, w)] + \
		in[TOP(x, y, w)] + in[BOT(x, y, w)]) / 4)

#define INTERPOLATE_X(in, x, y, w) \
	(((uint32_t)in[TL(x, y, w)] + in[BL(x, y, w)] + \
		in[TR(x, y, w)] + in[BR(x, y, w)]) / 4)

#define RED 0
#define GREEN 1
#define BLUE 2


/**
 * CUDA Kernel Device code for bayer to RGB
 *
 * Computes the Bilear Interpolation of missing coloured pixel from Bayer pattern.
 * Output is RGB.
 *
 * Each CUDA thread computes four pixels in a 2x2 square. Therefore no if
 * conditions are required, which slows the CUDA kernels massively.
 *
 * The first square starts with the pixel in position 1,1. Therefore the square
 * for each thread looks like this:
 *
 * B G
 * G R
 *
 * This approach saves one pixel lines at the edges of the image in contrast to
 * the first square at 2,2 with:
 *
 * R G
 * G B
 *
 * To support other formats than RGGB we also pass the position of each color
 * channel in the 2x2 block. In the above case we get B at 0,0, Gb at 1,0,
 * Gr at 0,1 and R at 1,1.
 */
__global__ void bayer_to_rgb(uint8_t *in, uint8_t *out, uint32_t imgw,
		uint32_t imgh, uint8_t bpp, int2 r, int2 gr, int2 gb, int2 b)
{
	int x = 2 * ((blockDim.x * blockIdx.x) + threadIdx.x) + 1;
	int y = 2 * ((blockDim.y * blockIdx.y) + threadIdx.y) + 1;
	int elemCols = imgw * bpp;

	if ((x + 2) < imgw && (x - 1) >= 0 && (y + 2) < imgh && (y - 1) >= 0) {
		/* Red */
		out[(y + r.y) * elemCols + (x + r.x) * bpp + RED] =
				PIX(in, x + r.x, y + r.y, imgw);
		out[(y + r.y) * elemCols + (x + r.x) * bpp + GREEN] =
				INTERPOLATE_HV(in, x + r.x, y + r.y, imgw);
		out[(y + r.y) * elemCols + (x + r.x) * bpp + BLUE] =
				INTERPOLATE_X(in, x + r.x, y + r.y, imgw);

		/* Green on a red line */
		out[(y + gr.y) * elemCols + (x + gr.x) * bpp + RED] =
				INTERPOLATE_H(in, x + gr.x, y + gr.y, imgw);
		out[(y + gr.y) * elemCols + (x + gr.x) * bpp + GREEN] =
				PIX(in, x + gr.x, y + gr.y, imgw);
		out[(y + gr.y) * elemCols + (x + gr.x) * bpp + BLUE] =
				INTERPOLATE_V(in, x + gr.x, y + gr.y, imgw);

		/* Green on a blue line */
		out[(y + gb.y) * elemCols + (x + gb.x) * bpp + RED] =
				INTERPOLATE_V(in, x + gb.x, y + gb.y, imgw);
		out[(y + gb.y) * elemCols + (x + gb.x) * bpp + GREEN] =
				PIX(in, x + gb.x, y + gb.y, imgw);
		out[(y + gb.y) * elemCols + (x + gb.x) * bpp + BLUE] =
				INTERPOLATE_H(in, x + gb.x, y + gb.y, imgw);

		/* Blue */
		out[(y + b.y) * elemCols + (x + b.x) * bpp + RED] =
				INTERPOLATE_X(in, x + b.x, y + b.y, imgw);
		out[(y + b.y) * elemCols + (x + b.x) * bpp + GREEN] =
				INTERPOLATE_HV(in, x + b.x, y + b.y, imgw);
		out[(y + b.y) * elemCols + (x + b.x) * bpp + BLUE] =
				PIX(in, x + b.x, y + b.y, imgw);

		if (bpp == 4) {
			out[y * elemCols + x * bpp + 3] = 255;
			out[y * elemCols + (x + 1) * bpp + 3] = 255;
			out[(y + 1) * elemCols + x * bpp + 3] = 255;
			out[(y + 1) * elemCols + (x + 1) * bpp + 3] = 255;
		}
	}
}

/**
 * CUDA kernel for bayer with infrared to RGB
 *
 * This handle the conversion for bayer pattern that have infrared instead
 * of a second green pixel. The pattern look like this:
 *
 * R I or I R or B G or G B
 * G B    B G    I R    R I
 *
 */
__global__ void bayer_ir_to_rgb(uint8_t *in, uint8_t *out, uint32_t imgw,
		uint32_t imgh, uint8_t bpp, int2 r, int2 ir, int2 g, int2 b)
{
	int x = 2 * ((blockDim.x * blockIdx.x) + threadIdx.x) + 1;
	int y = 2 * ((blockDim.y * blockIdx.y) + threadIdx.y) + 1;
	int elemCols = imgw * bpp;

	if ((x + 2) < imgw && (x - 1) >= 0 && (y + 2) < imgh && (y - 1) >= 0) {
		/* Red */
		out[(y + r.y) * elemCols + (x + r.x) * bpp + RED] =
				PIX(in, x + r.x, y + r.y, imgw);
		out[(y + r.y) * elemCols + (x + r.x) * bpp + GREEN] =
				INTERPOLATE_V(in, x + r.x, y + r.y, imgw);
		out[(y + r.y) * elemCols + (x + r.x) * bpp + BLUE] =
				INTERPOLATE_X(in, x + r.x, y + r.y, imgw);

		/* Infrared */
		out[(y + ir.y) * elemCols + (x + ir.x) * bpp + RED] =
				INTERPOLATE_H(in, x + ir.x, y + ir.y, imgw);
		out[(y + ir.y) * elemCols + (x + ir.x) * bpp + GREEN] =
				INTERPOLATE_X(in, x + ir.x, y + ir.y, imgw);
		out[(y + ir.y) * elemCols + (x + ir.x) * bpp + BLUE] =
				INTERPOLATE_V(in, x + ir.x, y + ir.y, imgw);

		/* Green */
		out[(y + g.y) * elemCols + (x + g.x) * bpp + RED] =
				INTERPOLATE_V(in, x + g.x, y + g.y, imgw);
		out[(y + g.y) * elemCols + (x + g.x) * bpp + GREEN] =
				PIX(in, x + g.x, y + g.y, imgw);
		out[(y + g.y) * elemCols + (x + g.x) * bpp + BLUE] =
				INTERPOLATE_H(in, x + g.x, y + g.y, imgw);

		/* Blue */
		out[(y + b.y) * elemCols + (x + b.x) * bpp + RED] =
				INTERPOLATE_X(in, x + b.x, y + b.y, imgw);
		out[(y + b.y) * elemCols + (x + b.x) * bpp + GREEN] =
				INTERPOLATE_H(in, x + b.x, y + b.y, imgw);
		out[(y + b.y) * elemCols + (x + b.x) * bpp + BLUE] =
				PIX(in, x + b.x, y + b.y, imgw);

		if (bpp == 4) {
			out[y * elemCols + x * bpp + 3] = 255;
			out[y * elemCols + (x + 1) * bpp + 3] = 255;
			out[(y + 1) * elemCols + x * bpp + 3] = 255;
			out[(y + 1) * elemCols + (x + 1) * bpp + 3] = 255;
		}
	}
}

__device__ void ir_to_thermal(uint8_t *out, uint8_t h)
{
	int region, remainder;

	/* To convert the IR value to a thermogram we use a modified HSV
	 * color range. HSV is red, yellow, green, cyan, blue, purple but
	 * we want the reverse order starting with blue to get blue, cyan,
	 * green, yellow, red, purple. Furthermore we want a clear cut between
	 * the hot and cold regions so we make the purple-blue region to
	 * purple-white instead.
	 *
	 * The -1 offset is to have the 0 point starts at the end of the
	 * cyan-blue region, otherwise 0 would be white instead of blue.
	 */
	h = ((255 - h) + (43 * 4 - 1)) % 255;

	region = h / 43;
	remainder = (h - (region * 43)) * 6;

	switch (region) {
	case 0: /* red to yellow */
		out[RED] = 255;
		out[GREEN] = remainder;
		out[BLUE] = 0;
		break;
	case 1: /* yellow to green */
		out[RED] = 255 - remainder;
		out[GREEN] = 255;
		out[BLUE] = 0;
		break;
	case 2: /* green to cyan */
		out[RED] = 0;
		out[GREEN] = 255;
		out[BLUE] = remainder;
		break;
	case 3: /* cyan to blue */
		out[RED] = 0;
		out[GREEN] = 255 - remainder;
		out[BLUE] = 255;
		break;
	case 4: /* white to purple (instead of blue to purple) */
		out[RED] = 255;
		out[GREEN] = 255 - remainder;
		out[BLUE] = 255;
		break;
	case 5: /* purple to red */
		out[RED] = 255;
		out[GREEN] = 0;
		out[BLUE] = 255 - remainder;
		break;
	}
}

/**
 * CUDA kernel for bayer with infrared to a thermogram
 *
 * This kernel convert the IR channel to a false-color image.
 *
 */
__global__ void bayer_ir_to_thermal(uint8_t *in, uint8_t *out, uint32_t imgw,
		uint32_t imgh, uint8_t bpp, int2 r, int2 ir, int2 g, int2 b)
{
	int x = 2 * ((blockDim.x * blockIdx.x) + threadIdx.x) + 1;
	int y = 2 * ((blockDim.y * blockIdx.y) + threadIdx.y) + 1;
	int elemCols = imgw * bpp;

	if ((x + 2) < imgw && (x - 1) >= 0 && (y + 2) < imgh && (y - 1) >= 0) {
		/* Red */
		ir_to_thermal(&out[(y + r.y) * elemCols + (x + r.x) * bpp],
			INTERPOLATE_H(in, x + r.x, y + r.y, imgw));

		/* Infrared */
		ir_to_thermal(&out[(y + ir.y) * elemCols + (x + ir.x) * bpp],
			PIX(in, x + ir.x, y + ir.y, imgw));

		/* Green */
		ir_to_thermal(&out[(y + g.y) * elemCols + (x + g.x) * bpp],
			INTERPOLATE_X(in, x + g.x, y + g.y, imgw));

		/* Blue */
		ir_to_thermal(&out[(y + b.y) * elemCols + (x + b.x) * bpp],
			INTERPOLATE_V(in, x + b.x, y + b.y, imgw));

		if (bpp == 4) {
			out[y * elemCols + x * bpp + 3] = 255;
			out[y * elemCols + (x + 1) * bpp + 3] = 255;
			out[(y + 1) * elemCols + x * bpp + 3] = 255;
			out[(y + 1) * elemCols + (x + 1) * bpp + 3] = 255;
		}
	}
}
