// Chomp by brute force, as a contestant writes it: memoised recursion on
// the row lengths, mex of the options. The comparison program for the
// game written in Go (examples/native/chomp); see README.md here.
//   g++ -O2 -o chomp chomp.cpp && ./chomp 9 9
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <vector>
using namespace std;

map<vector<int>, int> memo;

int grundy(const vector<int>& rows) {
    auto it = memo.find(rows);
    if (it != memo.end()) return it->second;
    set<int> seen;
    for (size_t r = 0; r < rows.size(); r++) {
        for (int c = 0; c < rows[r]; c++) {
            if (r == 0 && c == 0) continue;
            vector<int> next;
            for (size_t i = 0; i < rows.size(); i++) {
                int len = i < r ? rows[i] : min(rows[i], c);
                if (len > 0) next.push_back(len);
            }
            seen.insert(grundy(next));
        }
    }
    int g = 0;
    while (seen.count(g)) g++;
    memo[rows] = g;
    return g;
}

int main(int argc, char** argv) {
    int n = argc > 1 ? atoi(argv[1]) : 8, m = argc > 2 ? atoi(argv[2]) : 8;
    vector<int> rows(n, m);
    int g = grundy(rows);
    printf("chomp %dx%d: grundy %d (%s), %zu positions\n", n, m, g, g ? "N" : "P", memo.size());
}
