#pragma once
// Shared by the maximum-dissipation suites: the paper's two published problems
// in the paper's (n, t, o) frame, and an independent brute-force minimiser of
// the objective over the feasible set (no use of the law's conic algebra).
#include <cmath>
#include <limits>

#include <Eigen/Eigenvalues>

#include "impact/CompressionPlane.h"
#include "impact/SixPointMassBody.h"

namespace impactlab::test {

inline PaperFrameProblem makeAcademicTable1() {
    SixPointMassParams params;
    params.literalPaperFrame = true;
    return makeSixPointMassProblem(params).paper;
}

inline double calcPaperObjective(const PaperFrameProblem& p, const Vec3& x) { return 0.5 * x.dot(p.A * x) - x.dot(p.b); }

// Brute force over the feasible set of eq. (3) for b_n >= 0: points of the
// plane a_n^T x = b_n (x_n eliminated directly from the first row of A) with
// ||x_to|| <= mu x_n, sampled on a polar grid of x_to (angles x radii, the
// radius grid reaching beyond the unconstrained minimum and the cone
// boundary), then refined by shrinking the grid around the best point.
// Returns the lowest objective found.
inline double findBruteForceMinimum(const PaperFrameProblem& p, int angles = 720, int radii = 400, int refinements = 30) {
    const Mat3& A = p.A;
    const double bn = std::max(p.b(0), 0.0);
    auto lift = [&](double xt, double xo) {
        return Vec3((bn - A(0, 1) * xt - A(0, 2) * xo) / A(0, 0), xt, xo);
    };
    auto feasible = [&](const Vec3& x) {
        return x(0) >= 0.0 && std::hypot(x(1), x(2)) <= p.mu * x(0);
    };
    double best = bn == 0.0 ? 0.0 : std::numeric_limits<double>::infinity();   // x = 0 is feasible when b_n = 0
    if (bn > 0.0) best = calcPaperObjective(p, lift(0.0, 0.0));
    // Radius bound: the objective exceeds 0 (the value at a feasible point or
    // below) once ||x|| > 2 ||b|| / lambda_min(A); 2.5 leaves margin.
    const double lambdaMin = Eigen::SelfAdjointEigenSolver<Mat3>(A).eigenvalues().minCoeff();
    const double rMax = 2.5 * Vec3(bn, p.b(1), p.b(2)).norm() / lambdaMin;
    const double pi = 3.14159265358979323846;
    double bestT = 0.0, bestR = 0.0;
    double tLo = -pi, tHi = pi, rLo = 0.0, rHi = rMax;
    for (int pass = 0; pass <= refinements; ++pass) {
        const int nt = pass == 0 ? angles : 41, nr = pass == 0 ? radii : 41;
        for (int i = 0; i <= nt; ++i) {
            const double th = tLo + (tHi - tLo) * i / nt;
            for (int j = 0; j <= nr; ++j) {
                // Radii denser near zero on the first pass (quadratic spacing).
                const double s = static_cast<double>(j) / nr;
                const double r = pass == 0 ? rHi * s * s : rLo + (rHi - rLo) * s;
                if (r < 0.0) continue;
                const Vec3 x = lift(r * std::cos(th), r * std::sin(th));
                if (!feasible(x)) continue;
                const double f = calcPaperObjective(p, x);
                if (f < best) { best = f; bestT = th; bestR = r; }
            }
        }
        const double dt = pass == 0 ? 2.0 * pi / angles : (tHi - tLo) / 41;
        const double dr = pass == 0 ? std::max(bestR, rHi / radii) * 2.0 / radii + rHi / (radii * radii) : (rHi - rLo) / 41;
        tLo = bestT - 2.0 * dt; tHi = bestT + 2.0 * dt;
        rLo = std::max(0.0, bestR - 2.0 * dr); rHi = bestR + 2.0 * dr;
    }
    return best;
}

}  // namespace impactlab::test
