// Parses points.csv with std::ifstream, std::getline and std::stringstream, groups the points by
// label, computes per-label bounding boxes and centroids on the GPU (fixed point), writes a report
// with std::ofstream and reads it back line by line.
#include <fstream>
#include <iostream>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>
#include <map>
#include <cstdio>
#include <cuda_runtime.h>

struct Point {
    int x, y;  // hundredths
    int label;
};

__global__ void label_stats(const Point *p, int n, int *minx, int *maxx, int *miny, int *maxy, int *sumx, int *count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int l = p[i].label;
        atomicMin(&minx[l], p[i].x);
        atomicMax(&maxx[l], p[i].x);
        atomicMin(&miny[l], p[i].y);
        atomicMax(&maxy[l], p[i].y);
        atomicAdd(&sumx[l], p[i].x);
        atomicAdd(&count[l], 1);
    }
}

static int to_hundredths(const std::string &s)
{
    double v = std::stod(s);
    return (int)(v * 100.0 + (v < 0 ? -0.5 : 0.5));
}

int main()
{
    std::ifstream in("points.csv");
    if (!in) {
        std::cerr << "cannot open points.csv" << std::endl;
        return 1;
    }
    std::string line;
    std::getline(in, line);
    std::cout << "columns: " << line << std::endl;
    std::vector<Point> points;
    std::map<std::string, int> labels;
    std::vector<std::string> names;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        std::stringstream ss(line);
        std::string id, x, y, label;
        std::getline(ss, id, ',');
        std::getline(ss, x, ',');
        std::getline(ss, y, ',');
        std::getline(ss, label, ',');
        auto it = labels.find(label);
        if (it == labels.end()) {
            it = labels.emplace(label, (int)names.size()).first;
            names.push_back(label);
        }
        points.push_back({to_hundredths(x), to_hundredths(y), it->second});
    }
    std::cout << "read " << points.size() << " points with " << labels.size() << " labels" << std::endl;
    const int L = (int)names.size();
    std::vector<int> init_min(L, 1 << 30), init_max(L, -(1 << 30)), zeros(L, 0);
    Point *dp;
    int *d[6];
    cudaMalloc(&dp, points.size() * sizeof(Point));
    cudaMemcpy(dp, points.data(), points.size() * sizeof(Point), cudaMemcpyHostToDevice);
    for (int k = 0; k < 6; k++) {
        cudaMalloc(&d[k], L * sizeof(int));
        const std::vector<int> &src = (k == 0 || k == 2) ? init_min : (k == 1 || k == 3) ? init_max : zeros;
        cudaMemcpy(d[k], src.data(), L * sizeof(int), cudaMemcpyHostToDevice);
    }
    label_stats<<<1, 64>>>(dp, (int)points.size(), d[0], d[1], d[2], d[3], d[4], d[5]);
    std::vector<std::vector<int>> h(6, std::vector<int>(L));
    for (int k = 0; k < 6; k++) cudaMemcpy(h[k].data(), d[k], L * sizeof(int), cudaMemcpyDeviceToHost);

    {
        std::ofstream report("label_report.tmp");
        report << std::fixed << std::setprecision(2);
        for (int l = 0; l < L; l++) {
            report << names[l] << " n=" << h[5][l] << " x=[" << h[0][l] / 100.0 << "," << h[1][l] / 100.0 << "] y=["
                   << h[2][l] / 100.0 << "," << h[3][l] / 100.0 << "] mean_x=" << (double)h[4][l] / h[5][l] / 100.0
                   << "\n";
        }
    }
    std::ifstream back("label_report.tmp");
    int lines = 0;
    while (std::getline(back, line)) {
        std::cout << "report: " << line << std::endl;
        lines++;
    }
    back.close();
    std::remove("label_report.tmp");
    int total = 0;
    for (int l = 0; l < L; l++) total += h[5][l];
    bool ok = lines == L && total == (int)points.size();
    std::cout << (ok ? "PASS" : "FAIL") << std::endl;
    cudaFree(dp);
    for (int k = 0; k < 6; k++) cudaFree(d[k]);
    return 0;
}
