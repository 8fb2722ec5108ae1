// Word statistics: the text is split into words on the host; the GPU computes a hash and a vowel
// count per word; std::map counts words in order, std::unordered_map groups by hash, and
// std::sort with a lambda ranks words by frequency (ties alphabetical).
#include <cstdio>
#include <string>
#include <vector>
#include <map>
#include <unordered_map>
#include <algorithm>
#include <sstream>
#include <cuda_runtime.h>

__global__ void word_features(const char *text, const int *starts, const int *lengths, int nwords, unsigned int *hash,
                              int *vowels)
{
    int w = blockIdx.x * blockDim.x + threadIdx.x;
    if (w >= nwords) return;
    unsigned int h = 2166136261u;
    int v = 0;
    for (int k = 0; k < lengths[w]; k++) {
        char c = text[starts[w] + k];
        h = (h ^ (unsigned char)c) * 16777619u;
        v += (c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u');
    }
    hash[w] = h;
    vowels[w] = v;
}

int main()
{
    const char *passages[] = {
        "it was the best of times it was the worst of times",
        "it was the age of wisdom it was the age of foolishness",
        "it was the epoch of belief it was the epoch of incredulity",
        "it was the season of light it was the season of darkness"};
    std::string text;
    std::vector<int> starts, lengths;
    std::vector<std::string> words;
    for (const char *p : passages) {
        std::istringstream in(p);
        std::string w;
        while (in >> w) {
            starts.push_back((int)text.size());
            lengths.push_back((int)w.size());
            text += w;
            words.push_back(w);
        }
    }
    int n = (int)words.size();
    char *d_text;
    int *d_starts, *d_lengths, *d_vowels;
    unsigned int *d_hash;
    cudaMalloc(&d_text, text.size());
    cudaMalloc(&d_starts, n * sizeof(int));
    cudaMalloc(&d_lengths, n * sizeof(int));
    cudaMalloc(&d_vowels, n * sizeof(int));
    cudaMalloc(&d_hash, n * sizeof(unsigned int));
    cudaMemcpy(d_text, text.data(), text.size(), cudaMemcpyHostToDevice);
    cudaMemcpy(d_starts, starts.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_lengths, lengths.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    word_features<<<(n + 63) / 64, 64>>>(d_text, d_starts, d_lengths, n, d_hash, d_vowels);
    std::vector<unsigned int> hash(n);
    std::vector<int> vowels(n);
    cudaMemcpy(hash.data(), d_hash, n * sizeof(unsigned int), cudaMemcpyDeviceToHost);
    cudaMemcpy(vowels.data(), d_vowels, n * sizeof(int), cudaMemcpyDeviceToHost);

    std::map<std::string, int> counts;
    std::unordered_map<unsigned int, std::string> by_hash;
    int total_vowels = 0;
    for (int i = 0; i < n; i++) {
        counts[words[i]]++;
        by_hash.emplace(hash[i], words[i]);
        total_vowels += vowels[i];
    }
    printf("%d words, %zu distinct, %zu distinct hashes, %d vowels\n", n, counts.size(), by_hash.size(), total_vowels);
    printf("alphabetical:");
    for (const auto &kv : counts) printf(" %s:%d", kv.first.c_str(), kv.second);
    printf("\n");
    std::vector<std::pair<std::string, int>> ranked(counts.begin(), counts.end());
    std::sort(ranked.begin(), ranked.end(), [](const auto &a, const auto &b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    printf("top 5:");
    for (int i = 0; i < 5; i++) printf(" %s(%d)", ranked[i].first.c_str(), ranked[i].second);
    printf("\n");
    auto it = by_hash.find(hash[3]);
    printf("hash of '%s' = %08x -> '%s'\n", words[3].c_str(), hash[3], it != by_hash.end() ? it->second.c_str() : "?");
    bool ok = counts.size() == by_hash.size() && counts["it"] == 8 && counts.count("wisdom") == 1;
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(d_text);
    cudaFree(d_starts);
    cudaFree(d_lengths);
    cudaFree(d_vowels);
    cudaFree(d_hash);
    return 0;
}
