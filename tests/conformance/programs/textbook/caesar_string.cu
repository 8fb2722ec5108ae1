// Text through the GPU: a std::string is encrypted with a Caesar shift and letter counts are made
// with atomics; the host decrypts, compares strings and prints the counts in a table.
#include <iostream>
#include <string>
#include <vector>
#include <cctype>
#include <cuda_runtime.h>

__global__ void caesar(char *text, int n, int shift)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    char c = text[i];
    if (c >= 'a' && c <= 'z') {
        text[i] = 'a' + (c - 'a' + shift) % 26;
    } else if (c >= 'A' && c <= 'Z') {
        text[i] = 'A' + (c - 'A' + shift) % 26;
    }
}

__global__ void letter_counts(const char *text, int n, int *counts)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    char c = text[i];
    if (c >= 'A' && c <= 'Z') c = c - 'A' + 'a';
    if (c >= 'a' && c <= 'z') atomicAdd(&counts[c - 'a'], 1);
}

std::string decrypt(const std::string &s, int shift)
{
    std::string out = s;
    for (char &c : out) {
        if (std::islower(c)) c = 'a' + (c - 'a' + 26 - shift) % 26;
        else if (std::isupper(c)) c = 'A' + (c - 'A' + 26 - shift) % 26;
    }
    return out;
}

int main()
{
    std::string text = "The quick brown fox jumps over the lazy dog. ";
    std::string plain;
    for (int i = 0; i < 20; ++i) plain += text;
    plain += "Pack my box with five dozen liquor jugs!";
    int n = (int)plain.size();
    std::cout << "plain text: " << n << " characters" << std::endl;

    char *d_text;
    int *d_counts;
    cudaMalloc(&d_text, n);
    cudaMalloc(&d_counts, 26 * sizeof(int));
    cudaMemcpy(d_text, plain.c_str(), n, cudaMemcpyHostToDevice);
    cudaMemset(d_counts, 0, 26 * sizeof(int));
    letter_counts<<<(n + 127) / 128, 128>>>(d_text, n, d_counts);
    const int shift = 3;
    caesar<<<(n + 127) / 128, 128>>>(d_text, n, shift);

    std::vector<char> buffer(n);
    cudaMemcpy(buffer.data(), d_text, n, cudaMemcpyDeviceToHost);
    std::string cipher(buffer.begin(), buffer.end());
    std::vector<int> counts(26);
    cudaMemcpy(counts.data(), d_counts, 26 * sizeof(int), cudaMemcpyDeviceToHost);

    std::cout << "cipher head: " << cipher.substr(0, 44) << std::endl;
    std::cout << "cipher tail: " << cipher.substr(cipher.size() - 40) << std::endl;
    std::string back = decrypt(cipher, shift);
    std::cout << "round trip " << (back == plain ? "matches" : "differs") << std::endl;
    std::cout << "position of 'fox' in the cipher: " << cipher.find("ira") << std::endl;
    int total = 0;
    for (int i = 0; i < 26; ++i) {
        std::cout << char('a' + i) << ":" << counts[i] << (i % 9 == 8 ? "\n" : " ");
        total += counts[i];
    }
    std::cout << std::endl << "letters: " << total << std::endl;
    bool pangram = true;
    for (int c : counts)
        if (c == 0) pangram = false;
    std::cout << "pangram: " << (pangram ? "yes" : "no") << std::endl;
    std::cout << ((back == plain && pangram) ? "PASS" : "FAIL") << std::endl;
    cudaFree(d_text);
    cudaFree(d_counts);
    return 0;
}
