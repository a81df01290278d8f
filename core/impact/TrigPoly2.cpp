#include "impact/TrigPoly2.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace impactlab {

namespace {

// |q| below this fraction of the depressed quartic's scale^3 makes it
// biquadratic: Ferrari's resolvent root m would then be ~0 and q / sqrt(2m)
// ill-defined, while the biquadratic formula is exact there.
constexpr double kBiquadraticRelTol = 1e-14;
// Guards a division by a scale of an all-zero quartic.
constexpr double kTinyScale = 1e-300;

// Largest real root of m^3 + A m^2 + B m + C = 0 (Cardano / Viete, then two
// Newton steps on the cubic to recover the digits the closed form loses).
double calcLargestCubicRoot(double A, double B, double C) {
    const double P = B - A * A / 3.0;
    const double Q = 2.0 * A * A * A / 27.0 - A * B / 3.0 + C;
    const double disc = 0.25 * Q * Q + P * P * P / 27.0;
    double t;
    if (disc > 0.0) {
        const double s = std::sqrt(disc);
        const double w = -0.5 * Q + (Q <= 0.0 ? s : -s);   // no cancellation
        const double u = std::cbrt(w);
        t = u - (u != 0.0 ? P / (3.0 * u) : 0.0);
    } else if (P < 0.0) {
        const double rho = std::sqrt(-P / 3.0);
        const double c = std::clamp(-0.5 * Q / (rho * rho * rho), -1.0, 1.0);
        t = 2.0 * rho * std::cos(std::acos(c) / 3.0);
    } else {
        t = 0.0;   // P = Q = 0: triple root
    }
    double m = t - A / 3.0;
    for (int i = 0; i < 2; ++i) {
        const double f = ((m + A) * m + B) * m + C;
        const double df = (3.0 * m + 2.0 * A) * m + B;
        if (df == 0.0) break;
        m -= f / df;
    }
    return m;
}

// Roots of y^2 + p y + q; a complex pair gives its real part twice.
void solveQuadraticCandidates(double p, double q, double* out) {
    const double disc = 0.25 * p * p - q;
    if (disc <= 0.0) {
        out[0] = out[1] = -0.5 * p;
        return;
    }
    const double s = std::sqrt(disc);
    const double big = -0.5 * p + (p <= 0.0 ? s : -s);   // the root without cancellation
    out[0] = big;
    out[1] = big != 0.0 ? q / big : 0.0;
}

}  // namespace

double TrigPoly2::eval(double alpha) const {
    const double c = std::cos(alpha), s = std::sin(alpha);
    return k0 + k1c * c + k1s * s + k2c * (c * c - s * s) + k2s * (2.0 * s * c);
}

double TrigPoly2::calcDerivative(double alpha) const {
    const double c = std::cos(alpha), s = std::sin(alpha);
    return -k1c * s + k1s * c - 2.0 * k2c * (2.0 * s * c) + 2.0 * k2s * (c * c - s * s);
}

double TrigPoly2::calcScale() const {
    return std::max({std::abs(k0), std::abs(k1c), std::abs(k1s), std::abs(k2c), std::abs(k2s)});
}

int solveQuarticCandidates(const std::array<double, 5>& coeff, std::array<double, 4>& roots) {
    const double a = coeff[3] / coeff[4], b = coeff[2] / coeff[4];
    const double c = coeff[1] / coeff[4], d = coeff[0] / coeff[4];
    // Depressed quartic y^4 + p y^2 + q y + r with u = y - a/4.
    const double a2 = a * a;
    const double p = b - 3.0 * a2 / 8.0;
    const double q = c - 0.5 * a * b + a2 * a / 8.0;
    const double r = d - 0.25 * a * c + a2 * b / 16.0 - 3.0 * a2 * a2 / 256.0;
    const double shift = -0.25 * a;
    const double scale = std::max({std::abs(p), std::sqrt(std::abs(r)), std::cbrt(std::abs(q)), kTinyScale});
    double y[4];
    if (std::abs(q) <= kBiquadraticRelTol * scale * scale * scale) {
        // Biquadratic: z = y^2 solves z^2 + p z + r = 0.
        double z[2];
        solveQuadraticCandidates(p, r, z);
        const double y0 = std::sqrt(std::max(z[0], 0.0)), y1 = std::sqrt(std::max(z[1], 0.0));
        y[0] = y0; y[1] = -y0; y[2] = y1; y[3] = -y1;
    } else {
        // Ferrari: m, the largest root of the resolvent cubic, is > 0 when q != 0.
        const double m = std::max(calcLargestCubicRoot(p, 0.25 * p * p - r, -0.125 * q * q), 0.0);
        const double s = std::sqrt(2.0 * m);
        const double h = s > 0.0 ? q / (2.0 * s) : 0.0;
        solveQuadraticCandidates(-s, 0.5 * p + m + h, y);
        solveQuadraticCandidates(s, 0.5 * p + m - h, y + 2);
    }
    for (int i = 0; i < 4; ++i) roots[i] = y[i] + shift;
    return 4;
}

TrigRoots findTrigPoly2Roots(const TrigPoly2& g, double referenceScale) {
    TrigRoots out;
    if (!(g.calcScale() > kTrigPolyZeroRelTol * referenceScale)) return out;

    // The rotation beta: g(beta + pi) largest in magnitude among five angles
    // 2 pi j / 5 (their cosines and sines tabulated: no trigonometric calls).
    static constexpr double kCos[5] = {1.0, 0.30901699437494745, -0.8090169943749475, -0.8090169943749475,
                                       0.30901699437494745};
    static constexpr double kSin[5] = {0.0, 0.9510565162951535, 0.5877852522924732, -0.5877852522924732,
                                       -0.9510565162951535};
    int pole = 0;
    double gPole = 0.0;
    for (int j = 0; j < 5; ++j) {
        const double c = kCos[j], s = kSin[j];
        const double v = g.k0 + g.k1c * c + g.k1s * s + g.k2c * (c * c - s * s) + g.k2s * (2.0 * s * c);
        if (std::abs(v) > std::abs(gPole)) { gPole = v; pole = j; }
    }
    const double cb = -kCos[pole], sb = -kSin[pole];   // beta = 2 pi pole / 5 - pi
    // g(beta + theta) in coefficients of theta.
    const double c2b = cb * cb - sb * sb, s2b = 2.0 * sb * cb;
    const double k1c = g.k1c * cb + g.k1s * sb, k1s = -g.k1c * sb + g.k1s * cb;
    const double k2c = g.k2c * c2b + g.k2s * s2b, k2s = -g.k2c * s2b + g.k2s * c2b;
    // (1 + u^2)^2 g with cos, sin of theta in u = tan(theta / 2).
    const std::array<double, 5> quartic = {g.k0 + k1c + k2c, 2.0 * k1s + 4.0 * k2s, 2.0 * g.k0 - 6.0 * k2c,
                                           2.0 * k1s - 4.0 * k2s, g.k0 - k1c + k2c};
    std::array<double, 4> u{};
    solveQuarticCandidates(quartic, u);

    for (double ui : u) {
        // Newton on the quartic (Horner, no trigonometry); a step that does
        // not reduce |p| is undone (the candidate was not in a root's basin).
        double previous = ui, previousAbs = std::numeric_limits<double>::infinity();
        for (int it = 0; it < kTrigRootMaxNewton; ++it) {
            double value = quartic[4], slope = 0.0;
            for (int k = 3; k >= 0; --k) {
                slope = slope * ui + value;
                value = value * ui + quartic[k];
            }
            ++out.newtonIterations;
            if (!(std::abs(value) < previousAbs)) { ui = previous; break; }
            previous = ui;
            previousAbs = std::abs(value);
            if (slope == 0.0 || value == 0.0) break;
            const double step = value / slope;
            ui -= step;
            if (std::abs(step) <= kTrigRootAngleTol * (1.0 + std::abs(ui))) break;
        }
        // cos, sin of theta from u, then of alpha = beta + theta: no trigonometric calls.
        const double w = 1.0 / (1.0 + ui * ui);
        const double ct = (1.0 - ui * ui) * w, st = 2.0 * ui * w;
        const int i = out.count++;
        out.cosAlpha[i] = cb * ct - sb * st;
        out.sinAlpha[i] = sb * ct + cb * st;
        out.alpha[i] = std::atan2(out.sinAlpha[i], out.cosAlpha[i]);
    }
    return out;
}

}  // namespace impactlab
