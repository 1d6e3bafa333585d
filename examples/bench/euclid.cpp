// Euclid's game by brute force, as a contestant writes it: memoised
// recursion on the pair, mex of the options. The comparison program for
// the game written in Go (examples/native/euclid); see README.md here.
//   g++ -O2 -o euclid euclid.cpp && ./euclid 2999 3000
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <utility>
using namespace std;

map<pair<int, int>, int> memo;

int grundy(int a, int b) {
    if (a == 0 || b == 0) return 0;
    auto it = memo.find({a, b});
    if (it != memo.end()) return it->second;
    set<int> seen;
    if (a >= b)
        for (int k = 1; k <= a / b; k++) seen.insert(grundy(a - k * b, b));
    else
        for (int k = 1; k <= b / a; k++) seen.insert(grundy(a, b - k * a));
    int g = 0;
    while (seen.count(g)) g++;
    memo[{a, b}] = g;
    return g;
}

int main(int argc, char** argv) {
    int a = argc > 1 ? atoi(argv[1]) : 2999, b = argc > 2 ? atoi(argv[2]) : 3000;
    int g = grundy(a, b);
    printf("euclid %d %d: grundy %d (%s), %zu positions\n", a, b, g, g ? "N" : "P", memo.size());
}
