#include "impact/InvariantDirections.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <unsupported/Eigen/Polynomials>

namespace impactlab {

namespace {

// A companion-matrix eigenvalue is taken as a real root when its imaginary part
// is below this fraction of (1 + |eta|): a double root splits into a complex
// pair ~sqrt(eps) ~ 1e-8 apart, and the residual test after polishing rejects
// anything that is not a root.
constexpr double kRealRootImagRelTol = 1e-6;
// Newton iterations on f(phi): quadratic convergence from a companion-matrix
// root (accurate to ~1e-12) needs two or three; a double root converges
// linearly and gets the rest.
constexpr int kPolishIterations = 30;
// Frames tried for the quartic (multiples of 45 deg): the one where the ray
// eta = infinity is farthest from invariant keeps the leading coefficient away
// from zero (the paper's (-1, 0) special case; the pin-ball's 0.0015, A2.6).
constexpr int kQuarticFrames = 8;

double wrapAngle(double phi) {
    phi = std::fmod(phi, 2.0 * kPi);
    return phi < 0.0 ? phi + 2.0 * kPi : phi;
}

// f(phi) = a cos 2phi + b sin 2phi + c cos phi + s sin phi (eq. 33, Fourier form).
struct InvariantFourier {
    double a, b, c, s;

    InvariantFourier(const Mat2& B, const Vec2& d, double mu)
        : a(-mu * B(0, 1)), b(0.5 * mu * (B(0, 0) - B(1, 1))), c(d.y()), s(-d.x()) {}

    double scale() const { return std::abs(a) + std::abs(b) + std::abs(c) + std::abs(s); }
    double eval(double phi) const {
        return a * std::cos(2 * phi) + b * std::sin(2 * phi) + c * std::cos(phi) + s * std::sin(phi);
    }
    double derivative(double phi) const {
        return -2 * a * std::sin(2 * phi) + 2 * b * std::cos(2 * phi) - c * std::sin(phi) + s * std::cos(phi);
    }
    // The same function of psi = phi - phi0.
    InvariantFourier rotated(double phi0) const {
        InvariantFourier r = *this;
        const double c2 = std::cos(2 * phi0), s2 = std::sin(2 * phi0);
        const double c1 = std::cos(phi0), s1 = std::sin(phi0);
        r.a = a * c2 + b * s2;
        r.b = -a * s2 + b * c2;
        r.c = c * c1 + s * s1;
        r.s = -c * s1 + s * c1;
        return r;
    }
    // eta = tan(phi/2): f (1 + eta^2)^2 as coefficients eta^4 ... eta^0.
    InvariantQuartic quartic() const {
        InvariantQuartic q;
        q << a - c, -4 * b + 2 * s, -6 * a, 4 * b + 2 * s, a + c;
        return q;
    }
};

InvariantDirection makeDirection(const Mat2& B, const Vec2& d, double mu, double phi) {
    InvariantDirection r;
    r.angle = wrapAngle(phi);
    r.direction = Vec2(std::cos(r.angle), std::sin(r.angle));
    r.lambda = r.direction.dot(-mu * B * r.direction + d);   // eq. 32
    return r;
}

// Newton on f from phi; nullopt when it leaves the neighbourhood or stalls
// away from a root.
std::optional<double> polishRoot(const InvariantFourier& f, double phi) {
    const double start = phi;
    const double tol = kInvariantResidualRelTol * f.scale();
    for (int it = 0; it < kPolishIterations; ++it) {
        const double value = f.eval(phi);
        const double slope = f.derivative(phi);
        if (value == 0.0 || slope == 0.0) break;
        const double step = value / slope;
        phi -= step;
        if (std::abs(phi - start) > kPolishMaxAngleStep) return std::nullopt;
        if (std::abs(step) <= 4 * std::numeric_limits<double>::epsilon() * (1.0 + std::abs(phi))) break;
    }
    if (!(std::abs(f.eval(phi)) <= tol)) return std::nullopt;
    return phi;
}

}  // namespace

std::optional<InvariantDirection> InvariantDirectionSet::findCentrifugal() const {
    std::optional<InvariantDirection> best;
    for (const auto& r : rays)
        if (r.isCentrifugal() && (!best || r.lambda > best->lambda)) best = r;
    return best;
}

std::optional<InvariantDirection> InvariantDirectionSet::findNearest(const Vec2& gamma) const {
    const double phi = std::atan2(gamma.y(), gamma.x());
    std::optional<InvariantDirection> best;
    double bestGap = 0.0;
    for (const auto& r : rays) {
        const double gap = std::abs(std::remainder(phi - r.angle, 2.0 * kPi));
        if (!best || gap < bestGap) {
            best = r;
            bestGap = gap;
        }
    }
    return best;
}

InvariantQuartic calcInvariantQuartic(const Mat2& B, const Vec2& d, double mu) {
    return InvariantFourier(B, d, mu).quartic();
}

double calcInvariantResidual(const Mat2& B, const Vec2& d, double mu, const Vec2& s) {
    const Vec2 rate = -mu * B * s + d;
    return s.x() * rate.y() - s.y() * rate.x();
}

InvariantDirectionSet findInvariantDirections(const Mat2& B, const Vec2& d, double mu) {
    InvariantDirectionSet set;
    const InvariantFourier f(B, d, mu);
    set.quartic = f.quartic();
    const double scale = mu * B.norm() + d.norm();
    if (f.scale() <= kEveryDirectionRelTol * scale || scale == 0.0) {   // Theorem 5(i)
        set.everyDirectionInvariant = true;
        return set;
    }

    // Solve in the frame phi0 whose own eta = infinity ray (phi0 + pi) is
    // least invariant, so the quartic keeps its degree and its roots stay finite.
    double phi0 = 0.0, lead = 0.0;
    for (int k = 0; k < kQuarticFrames; ++k) {
        const double candidate = 2.0 * kPi * k / kQuarticFrames;
        const double value = std::abs(f.eval(candidate + kPi));
        if (value > lead) {
            lead = value;
            phi0 = candidate;
        }
    }
    const InvariantFourier g = f.rotated(phi0);
    const InvariantQuartic q = g.quartic();
    const Eigen::Matrix<double, 5, 1> ascending = q.reverse();   // Eigen wants eta^0 first
    const Eigen::PolynomialSolver<double, 4> solver(ascending);

    std::vector<double> angles;
    for (int i = 0; i < solver.roots().size(); ++i) {
        const std::complex<double> eta = solver.roots()[i];
        if (std::abs(eta.imag()) > kRealRootImagRelTol * (1.0 + std::abs(eta))) continue;
        const double psi = 2.0 * std::atan(eta.real());
        if (const auto polished = polishRoot(g, psi)) angles.push_back(wrapAngle(*polished + phi0));
    }
    std::sort(angles.begin(), angles.end());
    for (double phi : angles) {
        if (!set.rays.empty() && phi - set.rays.back().angle < kDuplicateAngleTol) continue;
        set.rays.push_back(makeDirection(B, d, mu, phi));
    }
    if (set.rays.size() > 1 && set.rays.front().angle + 2.0 * kPi - set.rays.back().angle < kDuplicateAngleTol)
        set.rays.pop_back();
    return set;
}

std::optional<InvariantDirection> polishInvariantDirection(const Mat2& B, const Vec2& d, double mu,
                                                           double angleGuess) {
    const InvariantFourier f(B, d, mu);
    if (const auto phi = polishRoot(f, angleGuess)) return makeDirection(B, d, mu, *phi);
    return std::nullopt;
}

std::optional<Vec2> findCentrifugalDirection(const Mat2& B, const Vec2& d, double mu) {
    if (B.ldlt().solve(d).norm() <= mu) return std::nullopt;   // Theorem 5(iii)
    if (const auto cf = findInvariantDirections(B, d, mu).findCentrifugal()) return cf->direction;
    return std::nullopt;
}

double calcStickThreshold(const Mat3& W) {
    return W.topLeftCorner<2, 2>().ldlt().solve(W.topRightCorner<2, 1>()).norm();
}

}  // namespace impactlab
