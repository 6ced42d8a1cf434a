// tilelab kernel collection: cuDF's early CSV reader, the record-scanning kernels (row counting, row starts)
// Source:  https://github.com/rapidsai/cudf/blob/004244aaeefc1f99ae6085d833db56bf858edc88/cpp/src/io/csv/csv_reader.cu
// Licence: Apache-2.0 (the file's own notice, kept below; the repository's LICENSE)
//          (rapidsai/cudf, commit 004244a of 2019-01-25: cuDF 0.5's read_csv, which scans the raw bytes for line
//          terminators and quote characters, one thread per 64 bytes, before parsing the fields)
// Kept: csv_reader.cu lines 1-15 (the notice), 66-67 (the cu_reccnt_t / cu_recstart_t aliases), 978-1024
//       (countRecords) and 1090-1146 (storeRecordStart), unchanged (tabs as in the source). Removed: the includes
//       (cuDF's, RMM's, thrust, POSIX: none is used by the kept kernels), the host code (read_csv,
//       launch_countRecords, launch_storeRecordStart, ...) and the parsing kernels convertCsvToGdf and
//       dataTypeDetection with their helpers, which need cuDF's gdf types, ParseOptions and type-conversion
//       headers. The launches are launch_countRecords' and launch_storeRecordStart's: one chunk (the file is
//       under max_chunk_bytes), grid (num_bits + blockSize - 1) / blockSize with num_bits = (bytes + 63) / 64,
//       blockSize 1024 (what cudaOccupancyMaxPotentialBlockSize gives for these small kernels), the data
//       buffer one byte longer than the chunk (the host copies an extra byte).

/*
 * Copyright (c) 2018, NVIDIA CORPORATION.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
	 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

using cu_reccnt_t = unsigned long long int;
using cu_recstart_t = unsigned long long int;

/**---------------------------------------------------------------------------* 
 * @brief CUDA kernel that counts the number of rows in the given 
 * file segment, based on the location of line terminators. 
 * 
 * @param[in] data Device memory pointer to the csv data, 
 * potentially a chunk of the whole file
 * @param[in] terminator Line terminator character
 * @param[in] quotechar Quote character
 * @param[in] num_bytes Number of bytes in the input data
 * @param[in] num_bits Number of 'bits' in the input data. Each 'bit' is
 * processed by a separate CUDA thread
 * @param[in,out] num_records Device memory pointer to the number of found rows
 * 
 * @return gdf_error with error code on failure, otherwise GDF_SUCCESS
 *---------------------------------------------------------------------------**/
__global__ void countRecords(char *data, const char terminator, const char quotechar, long num_bytes, long num_bits, 
	cu_reccnt_t* num_records) {

	// thread IDs range per block, so also need the block id
	long tid = threadIdx.x + (blockDim.x * blockIdx.x);

	if (tid >= num_bits)
		return;

	// data ID is a multiple of 64
	long did = tid * 64L;

	char *raw = (data + did);

	long byteToProcess = ((did + 64L) < num_bytes) ? 64L : (num_bytes - did);

	// process the data
	cu_reccnt_t tokenCount = 0;
	for (long x = 0; x < byteToProcess; x++) {
		
		// Scan and log records. If quotations are enabled, then also log quotes
		// for a postprocess ignore, as the chunk here has limited visibility.
		if ((raw[x] == terminator) || (quotechar != '\0' && raw[x] == quotechar)) {
			tokenCount++;
		} else if (raw[x] == '\r' && raw[x +1] == '\n') {
			x++;
			tokenCount++;
		}

	}
	atomicAdd(num_records, tokenCount);
}

/**---------------------------------------------------------------------------*
 * @brief CUDA kernel that finds the start of each row (record) in the given 
 * file segment, based on the location of line terminators. 
 * 
 * The offset of each found row is stored in a device memory array. 
 * The kernel operate on a segment (chunk) of the csv file.
 * 
 * @param[in] data Device memory pointer to the csv data, 
 * potentially a chunk of the whole file
 * @param[in] chunk_offset Offset of the data pointer from the start of the file
 * @param[in] terminator Line terminator character
 * @param[in] quotechar Quote character
 * @param[in] num_bytes Number of bytes in the input data
 * @param[in] num_bits Number of 'bits' in the input data. Each 'bit' is
 * processed by a separate CUDA thread
 * @param[in,out] num_records Device memory pointer to the number of found rows
 * @param[out] recStart device memory array containing the offset of each record
 * 
 * @return void
 *---------------------------------------------------------------------------**/
__global__ void storeRecordStart(char *data, size_t chunk_offset, 
	const char terminator, const char quotechar, 
	long num_bytes, long num_bits, cu_reccnt_t* num_records,
	cu_recstart_t* recStart) {

	// thread IDs range per block, so also need the block id
	long tid = threadIdx.x + (blockDim.x * blockIdx.x);

	if ( tid >= num_bits)
		return;

	// data ID - multiple of 64
	long did = tid * 64L;

	char *raw = (data + did);

	long byteToProcess = ((did + 64L) < num_bytes) ? 64L : (num_bytes - did);

	// process the data
	for (long x = 0; x < byteToProcess; x++) {

		// Scan and log records. If quotations are enabled, then also log quotes
		// for a postprocess ignore, as the chunk here has limited visibility.
		if ((raw[x] == terminator) || (quotechar != '\0' && raw[x] == quotechar)) {

			const auto pos = atomicAdd(num_records, 1ull);
			recStart[pos] = did + chunk_offset + x + 1;

		} else if (raw[x] == '\r' && (x+1L)<num_bytes && raw[x +1] == '\n') {

			x++;
			const auto pos = atomicAdd(num_records, 1ull);
			recStart[pos] = did + chunk_offset + x + 1;
		}

	}
}
