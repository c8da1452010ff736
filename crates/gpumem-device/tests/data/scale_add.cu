// A kernel with a __device__ and a __constant__ module variable, compiled to a host
// object (scale_add.o, whose .nv_fatbin section holds the sm_52 cubin) by make-fatbins.sh.
__device__ unsigned int counter;
__constant__ unsigned int scale = 3;
extern "C" __global__ void scale_add(unsigned int *out, const unsigned int *in, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { out[i] = in[i] * scale; atomicAdd(&counter, 1u); }
}
