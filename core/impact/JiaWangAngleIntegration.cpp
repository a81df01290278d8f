// The Default method of jia-wang without a trace: the sliding stretch is
// integrated in the polar angle of the sliding velocity instead of I_n.
//
// With gamma = r (cos phi, sin phi), the hodograph ODE (eq. 31) splits into
//   dr/dI_n = g(phi) = g^ . (-mu B g^ + d),
//   r dphi/dI_n = f(phi) = g^perp . (-mu B g^ + d)         (f of eq. 33)
// so phi moves monotonically towards the first root phi* of f ahead of it (an
// invariant direction) and never crosses it. With u = -ln|phi* - phi| as the
// independent variable
//   d ln r/du = g |phi* - phi| / |f|,   dI_n/du = r |phi* - phi| / |f|,
//   dE/du = -v_n dI_n/du                                    (eq. 11)
// are smooth all the way to the ray (|phi* - phi| / |f| -> 1 / |f'(phi*)|):
// the stiffness that shortens steps along I_n near the origin and the
// asymptotic approach to the ray both disappear, and event l (gamma and gamma'
// collinear within lAngleTol) falls at a known u. I_t follows from gamma and
// I_n by eq. 26, so only ln r, I_n and E are integrated.
//
// ln r is a quadrature of a known function of u, I_n one given ln r, and E one
// given both: the chain is triangular, so each panel of u is integrated
// exactly as a chain of Chebyshev quadratures on its 17 Chebyshev-Lobatto
// points (the interpolants' antiderivatives), and the panel's length is set
// by its integrands' last Chebyshev coefficients. The integrands are analytic
// in u, so a panel spans several e-folds of |phi* - phi| at 1e-8. Events c
// (v_n = 0) and r (E = 0) are located on the panel's interpolants.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

#include "impact/IllinoisBracket.h"
#include "impact/InvariantDirections.h"
#include "impact/JiaWang.h"
#include "impact/JiaWangModel.h"

namespace impactlab {

namespace {

// Steps of the root search that cannot pass a root; a simple root is reached
// quadratically in a handful, so hitting this means a (near-)double root and
// the caller falls back to the integration along I_n.
constexpr int kRootSearchSteps = 200;
// |f| at or below this fraction of its coefficients' size is a root.
constexpr double kRootResidualRelTol = 1e-13;
// Newton iterations polishing the root, and the step (rad) that ends them.
constexpr int kRootPolishIterations = 4;
constexpr double kRootPolishTol = 1e-15;
// Degree of the Chebyshev interpolants on a panel (17 points).
constexpr int kPanelOrder = 16;
constexpr int kPanelPoints = kPanelOrder + 1;
// The first panel's length in w; later ones are scaled by
// kPanelSafety (tol / estimate)^(1/8), within [kMinPanelRatio,
// kMaxPanelRatio]. The error of a degree-16 interpolant would shrink like
// its length^17, but the integrands' complex singularities (the other roots
// of f) keep it to about the eighth power over the lengths that matter
// (measured on the paper's two impacts).
constexpr double kFirstPanel = 1.0;
constexpr double kPanelSafety = 0.9;
constexpr double kMinPanelRatio = 0.25;
constexpr double kMaxPanelRatio = 4.0;
// Newton iterations locating r on a panel's interpolant of E, to this
// fraction of the panel's half-length (also the bracket for c's polish).
constexpr int kEventIterations = 60;
constexpr double kEventRelTol = 1e-13;
// Newton steps on a cubic Hermite interpolant of v_n between two points for
// a first estimate of c, then on v_n itself (quadratic: two from there).
constexpr int kHermiteIterations = 4;
constexpr int kEventPolishIterations = 12;
// A Newton step on v_n below this (of the half-panel) ends the polish: the
// next, quadratically smaller, would be below round-off.
constexpr double kEventPolishTol = 1e-9;
// Event l is placed to this fraction of its distance from the ray (in angle);
// Illinois iterations allowed when the first-order distance is not that close.
constexpr double kLDistanceRelTol = 1e-9;
constexpr int kLIterations = 200;
// Event l more than this many e-folds of |phi* - phi| away (a ray where
// gamma' vanishes, lambda = 0): left to the integration along I_n.
constexpr double kMaxAngleEFolds = 200.0;

// exp, elementwise: glibc's scalar exp is faster here than Eigen's packet
// exp on SSE2 (62 against 92 ns for 17 values, measured on this machine).
inline double calcExp(double x) { return std::exp(x); }
template <typename Derived>
Eigen::Array<double, Derived::RowsAtCompileTime, 1> calcExp(const Eigen::ArrayBase<Derived>& x) {
    Eigen::Array<double, Derived::RowsAtCompileTime, 1> y;
    for (int i = 0; i < y.size(); ++i) y(i) = std::exp(x(i));
    return y;
}

// k0 + c2 cos 2x + s2 sin 2x + c1 cos x + s1 sin x.
struct Trig2 {
    double k0 = 0.0, c2 = 0.0, s2 = 0.0, c1 = 0.0, s1 = 0.0;

    double at(double x) const { return valueAndSlope(x).x(); }
    double slopeAt(double x) const { return valueAndSlope(x).y(); }
    Vec2 valueAndSlope(double x) const {
        const double c = std::cos(x), s = std::sin(x);
        const double cc = c * c - s * s, ss = 2 * s * c;   // cos 2x, sin 2x
        return Vec2(k0 + c2 * cc + s2 * ss + c1 * c + s1 * s, -2 * c2 * ss + 2 * s2 * cc - c1 * s + s1 * c);
    }
    double curvatureBound() const { return 4 * std::hypot(c2, s2) + std::hypot(c1, s1); }
    double size() const { return std::abs(k0) + std::hypot(c2, s2) + std::hypot(c1, s1); }
    // The same function of delta = x - x0 (given cos x0, sin x0), its
    // constant term the value at x0.
    Trig2 about(double cs1, double sn1) const {
        const double cs2 = cs1 * cs1 - sn1 * sn1, sn2 = 2 * sn1 * cs1;
        Trig2 r;
        r.c2 = c2 * cs2 + s2 * sn2;
        r.s2 = -c2 * sn2 + s2 * cs2;
        r.c1 = c1 * cs1 + s1 * sn1;
        r.s1 = -c1 * sn1 + s1 * cs1;
        r.k0 = k0 + r.c2 + r.c1;
        return r;
    }
    // Value at delta of a function written about x0, from sin and cos of
    // delta / 2: the terms that vanish with delta keep their relative accuracy.
    template <typename T>
    T near(const T& sinHalf, const T& cosHalf) const {
        const T sn = 2 * sinHalf * cosHalf, cm1 = -2 * sinHalf * sinHalf;
        return k0 + c2 * (-2 * sn * sn) + s2 * (2 * sn * (cm1 + 1)) + c1 * cm1 + s1 * sn;
    }
};

// f and g of eq. 33 as functions of phi (B symmetric: only b12 is read).
Trig2 makeInvariantResidual(const JiaWangModel& m) {
    return {0.0, -m.mu * m.B(0, 1), 0.5 * m.mu * (m.B(0, 0) - m.B(1, 1)), m.d.y(), -m.d.x()};
}
Trig2 makeRadialRate(const JiaWangModel& m) {
    return {-0.5 * m.mu * (m.B(0, 0) + m.B(1, 1)), -0.5 * m.mu * (m.B(0, 0) - m.B(1, 1)), -m.mu * m.B(0, 1), m.d.x(),
            m.d.y()};
}

// The first root of f beyond phi0 in the direction dir (+1 or -1). Each step
// stops short of the next root: |f''| <= L, so |f| stays above the parabola
// |f| + p h - L h^2 / 2 (p its slope along dir) until that parabola's zero;
// near a simple root the step is Newton's and convergence quadratic.
std::optional<double> findRootAhead(const Trig2& f, double phi0, double dir) {
    const double curvature = f.curvatureBound();
    const double tol = kRootResidualRelTol * f.size();
    double phi = phi0;
    for (int it = 0; it < kRootSearchSteps && std::abs(phi - phi0) <= 2 * kPi; ++it) {
        const Vec2 vs = f.valueAndSlope(phi);
        const double value = vs.x();
        if (std::abs(value) <= tol) {
            for (int k = 0; k < kRootPolishIterations; ++k) {
                const Vec2 polish = k == 0 ? vs : f.valueAndSlope(phi);
                if (polish.y() == 0.0 || polish.x() == 0.0) break;
                const double step = polish.x() / polish.y();
                phi -= step;
                if (std::abs(step) <= kRootPolishTol) break;
            }
            if (dir * (phi - phi0) > 0.0) return phi;
            return std::nullopt;
        }
        const double p = dir * vs.y() * (value > 0.0 ? 1.0 : -1.0);
        const double q = std::abs(value);
        phi += dir * 2.0 * q / (std::sqrt(p * p + 2.0 * curvature * q) - p);   // the parabola's zero, cancellation-free
    }
    return std::nullopt;
}

using PanelVector = Eigen::Matrix<double, kPanelPoints, 1>;

// Chebyshev-Lobatto points x_j = -cos(pi j / N) on [-1, 1] (ascending), the
// matrix S with (S f)_j = int_-1^x_j p(x) dx for p the interpolant of f, the
// rows giving p's last three Chebyshev coefficients, and barycentric weights.
struct ChebyshevPanel {
    PanelVector nodes, weights;
    Eigen::Matrix<double, kPanelPoints, kPanelPoints> integral, coefficients;
    Eigen::Matrix<double, 4, kPanelPoints> tail;

    ChebyshevPanel() {
        constexpr int N = kPanelOrder;
        // T(k, j) = T_k(x_j), x_j = cos(pi (N - j) / N); one more degree for the antiderivative.
        Eigen::Matrix<double, N + 2, kPanelPoints> T;
        for (int j = 0; j <= N; ++j) {
            nodes(j) = -std::cos(kPi * j / N);
            weights(j) = ((N - j) % 2 == 0 ? 1.0 : -1.0) * (j == 0 || j == N ? 0.5 : 1.0);
            for (int k = 0; k <= N + 1; ++k) T(k, j) = std::cos(k * kPi * (N - j) / N);
        }
        // p = sum_k b_k T_k with b = C f (the discrete cosine transform on Lobatto points).
        Eigen::Matrix<double, kPanelPoints, kPanelPoints> C;
        for (int k = 0; k <= N; ++k)
            for (int j = 0; j <= N; ++j)
                C(k, j) = 2.0 / N * T(k, j) * (j == 0 || j == N ? 0.5 : 1.0) * (k == 0 || k == N ? 0.5 : 1.0);
        // Antiderivative coefficients: A_1 = b_0 - b_2 / 2, A_m = (b_(m-1) - b_(m+1)) / 2m.
        Eigen::Matrix<double, N + 2, kPanelPoints> D = Eigen::Matrix<double, N + 2, kPanelPoints>::Zero();
        D(1, 0) = 1.0;
        D(1, 2) = -0.5;
        for (int m = 2; m <= N + 1; ++m) {
            D(m, m - 1) = 1.0 / (2 * m);
            if (m + 1 <= N) D(m, m + 1) = -1.0 / (2 * m);
        }
        // Evaluated at the nodes, less its value at -1 (T_m(-1) = (-1)^m).
        Eigen::Matrix<double, kPanelPoints, N + 2> E;
        for (int j = 0; j <= N; ++j)
            for (int m = 0; m <= N + 1; ++m) E(j, m) = m == 0 ? 0.0 : T(m, j) - (m % 2 == 0 ? 1.0 : -1.0);
        integral = E * D * C;
        coefficients = C;
        tail = C.bottomRows<4>();
    }

    // Barycentric interpolation weights at x (sum to one), exact at a node.
    PanelVector interpolationWeights(double x) const {
        for (int j = 0; j < kPanelPoints; ++j)
            if (x == nodes(j)) return PanelVector::Unit(j);
        const PanelVector t = (weights.array() / (x - nodes.array())).matrix();
        return t / t.sum();
    }
    // Error of int p against int f: the first neglected coefficient b_(N+1)
    // integrates to at most 2 |b_(N+1)| / N, and b_(N+1) ~ q b_N with q the
    // coefficients' decay, from the last two pairs (a pair, since an odd or
    // even integrand leaves every other coefficient zero).
    double estimateError(const PanelVector& f) const {
        const Eigen::Vector4d b = (tail * f).cwiseAbs();
        const double last = b(2) + b(3), before = b(0) + b(1);
        const double decay = last < before ? std::sqrt(last / before) : 1.0;
        return 2.0 / kPanelOrder * last * decay;
    }
    // S f and the Chebyshev coefficients of f, column by column (fixed-size
    // axpys that vectorize; Eigen's general product takes its run-time-size
    // path at this size).
    static PanelVector apply(const Eigen::Matrix<double, kPanelPoints, kPanelPoints>& A, const PanelVector& f) {
        PanelVector y = A.col(0) * f(0);
        for (int k = 1; k < kPanelPoints; ++k) y += A.col(k) * f(k);
        return y;
    }
    PanelVector integrate(const PanelVector& f) const { return apply(integral, f); }
    PanelVector expand(const PanelVector& f) const { return apply(coefficients, f); }
    // sum_k b_k T_k(x) and its derivative sum_k k b_k U_(k-1)(x), by
    // Clenshaw's recurrences (run together: they are independent).
    static Vec2 evaluateSeries(const PanelVector& b, double x) {
        double next = 0.0, afterNext = 0.0, dNext = 0.0, dAfterNext = 0.0;
        for (int k = kPanelOrder; k >= 1; --k) {
            const double y = b(k) + 2.0 * x * next - afterNext;
            afterNext = next;
            next = y;
            const double dy = k * b(k) + 2.0 * x * dNext - dAfterNext;
            dAfterNext = dNext;
            dNext = dy;
        }
        return Vec2(b(0) + x * next - afterNext, dNext);
    }
};

const ChebyshevPanel& getChebyshevPanel() {
    static const ChebyshevPanel panel;
    return panel;
}

// The sliding path (see the file comment), in w = -ln tan(|phi - phi*| / 4)
// rather than u: the same near the ray (w = u + ln 4 + O(e^-2u)), and
// cos, sin of phi - phi* are rational in e^-w, so a panel's points cost an
// exponential each and no sine.
class AngleIntegrator {
public:
    using Array = Eigen::Array<double, kPanelPoints, 1>;
    struct Point {
        double w;
        double logSpeed, In, E;   // ln r, N s, J
    };
    struct Panel {
        PanelVector w, logSpeed, In, vn, vnRate, energyRate;   // vnRate = dv_n/dw
        // E at the last point; at every point once fillEnergy() is called
        // (only a panel with an event needs them).
        PanelVector E;
        double energyFrom = 0.0, half = 0.0;
        void fillEnergy() { E = PanelVector::Constant(energyFrom) + half * getChebyshevPanel().integrate(energyRate); }
        Array dirX, dirY;   // g^
        double error = 0.0;   // estimated, relative to the tolerances
    };

    AngleIntegrator(const JiaWangModel& m, double root, double dir, double tol)
        : m_(m),
          cosRoot_(std::cos(root)),
          sinRoot_(std::sin(root)),
          f_(makeInvariantResidual(m).about(cosRoot_, sinRoot_)),
          g_(makeRadialRate(m).about(cosRoot_, sinRoot_)),
          dir_(dir) {
        f_.k0 = 0.0;   // exactly on the root
        const double trace = m.B(0, 0) + m.B(1, 1);
        const double minEigen = 0.5 * (trace - std::hypot(m.B(0, 0) - m.B(1, 1), 2 * m.B(0, 1)));
        impulseTol_ = tol * m.impulseScale;
        energyTol_ = impulseTol_ * m.problem.vMinus.norm();
        slidingTol_ = impulseTol_ * minEigen;   // m/s: I_t = B^-1 (gamma - ...) moves by at most this / lambda_min
    }

    Vec2 rootDirection() const { return Vec2(cosRoot_, sinRoot_); }
    double rootRadialRate() const { return g_.k0; }
    // w of an angle |phi - phi*| < 2 pi.
    static double toW(double distance) { return -std::log(std::tan(0.25 * distance)); }

    // g^ at w, and the half angle's sine and cosine (t = tan((phi - phi*) / 4)).
    template <typename T>
    void locate(const T& w, T& dirX, T& dirY, T& sinHalf, T& cosHalf, T& rate) const {
        const T t = -dir_ * calcExp(-w);
        const T inv = 1 / (t * t + 1);
        sinHalf = 2 * t * inv;
        cosHalf = (1 - t * t) * inv;
        rate = -4 * dir_ * t * inv;   // |d phi / dw| = 4 |t| / (1 + t^2)
        const T sd = 2 * sinHalf * cosHalf, cd = 1 - 2 * sinHalf * sinHalf;
        dirX = cosRoot_ * cd - sinRoot_ * sd;
        dirY = sinRoot_ * cd + cosRoot_ * sd;
    }
    Vec3 impulse(const Point& q) const {
        double dx, dy, sh, ch, turn;
        locate(q.w, dx, dy, sh, ch, turn);
        return m_.calcImpulse(q.In, std::exp(q.logSpeed) * Vec2(dx, dy));
    }
    // v_n at q and its rate dv_n/dw = (W_nn - mu d.g^) dI_n/dw.
    Vec2 normalVelocityAndRate(const Point& q) const {
        double dx, dy, sh, ch, turn;
        locate(q.w, dx, dy, sh, ch, turn);
        const Vec2 direction(dx, dy);
        const double speed = std::exp(q.logSpeed);
        const double vn = m_.calcNormalVelocity(m_.calcImpulse(q.In, speed * direction));
        const double normalRate = speed * turn / (dir_ * f_.near(sh, ch));
        return Vec2(vn, (m_.problem.W(2, 2) - m_.mu * m_.d.dot(direction)) * normalRate);
    }
    // sin(tol) |gamma'| - |sin(gamma, gamma')| |gamma'| / |gamma| at |phi - phi*| = distance (event l
    // once >= 0; calcCollinearityMargin over |gamma|).
    double calcCollinearityMargin(double distance, double sinTol) const {
        const double half = -0.5 * dir_ * distance;
        const double sh = std::sin(half), ch = std::cos(half);
        const double f = f_.near(sh, ch), g = g_.near(sh, ch);
        return sinTol * std::sqrt(f * f + g * g) - std::abs(f);
    }

    // The chain of quadratures over [from.w, from.w + length].
    void integrate(const Point& from, double length, Panel& p) const {
        const ChebyshevPanel& cheb = getChebyshevPanel();
        const double half = 0.5 * length;
        p.w = (from.w + half * (cheb.nodes.array() + 1.0)).matrix();
        Array sinHalf, cosHalf, turn;
        locate<Array>(p.w.array(), p.dirX, p.dirY, sinHalf, cosHalf, turn);
        const Array share = turn / (dir_ * f_.near(sinHalf, cosHalf));   // |d phi/dw| / |f|
        const PanelVector radial = (g_.near(sinHalf, cosHalf) * share).matrix();   // d ln r/dw
        p.logSpeed = PanelVector::Constant(from.logSpeed) + half * cheb.integrate(radial);
        const Array speed = calcExp(p.logSpeed.array());
        const PanelVector normalRate = (speed * share).matrix();   // dI_n/dw
        p.In = PanelVector::Constant(from.In) + half * cheb.integrate(normalRate);
        // v_n (eq. 10) with I_t = B^-1 (gamma - gamma^- - I_n d) (eq. 26).
        const Mat2& Binv = m_.Binv;
        const Array ex = speed * p.dirX - m_.gammaMinus.x() - p.In.array() * m_.d.x();
        const Array ey = speed * p.dirY - m_.gammaMinus.y() - p.In.array() * m_.d.y();
        const Array It1 = Binv(0, 0) * ex + Binv(0, 1) * ey, It2 = Binv(1, 0) * ex + Binv(1, 1) * ey;
        const Mat3& W = m_.problem.W;
        p.vn = (m_.problem.vMinus.z() + W(2, 0) * It1 + W(2, 1) * It2 + W(2, 2) * p.In.array()).matrix();
        p.energyRate = -(p.vn.array() * normalRate.array()).matrix();
        p.vnRate = ((W(2, 2) - m_.mu * (m_.d.x() * p.dirX + m_.d.y() * p.dirY)) * normalRate.array()).matrix();
        p.energyFrom = from.E;
        p.half = half;
        p.E.setConstant(std::numeric_limits<double>::quiet_NaN());
        p.E(kPanelOrder) = from.E + half * cheb.integral.row(kPanelOrder).dot(p.energyRate);
        const double slidingTol = slidingTol_ / speed.maxCoeff();   // of ln r: |d gamma| = r |d ln r|
        p.error = half * std::max({cheb.estimateError(radial) / slidingTol, cheb.estimateError(normalRate) / impulseTol_,
                                   cheb.estimateError(p.energyRate) / energyTol_});
    }

private:
    const JiaWangModel& m_;
    double cosRoot_, sinRoot_;
    Trig2 f_, g_;   // about the root
    double dir_;
    double impulseTol_, energyTol_, slidingTol_;
};

// Where in [lo, hi] the panel's interpolant of `values`, less `shift` and
// times `sign`, crosses zero upwards (negative at lo, >= 0 at hi): Newton on
// its Chebyshev series from the chord's zero, bisecting whenever a step
// leaves the bracket.
double locateOnPanel(const PanelVector& values, double shift, double sign, double lo, double hi) {
    const ChebyshevPanel& cheb = getChebyshevPanel();
    const PanelVector series = sign * cheb.expand(values);
    shift *= sign;
    const double flo = ChebyshevPanel::evaluateSeries(series, lo).x() - shift;
    const double fhi = ChebyshevPanel::evaluateSeries(series, hi).x() - shift;
    double x = std::clamp(lo + (hi - lo) * flo / (flo - fhi), lo, hi);
    for (int it = 0; it < kEventIterations; ++it) {
        const Vec2 p = ChebyshevPanel::evaluateSeries(series, x);
        const double value = p.x() - shift;
        if (value >= 0.0) hi = x;
        else lo = x;
        double next = p.y() > 0.0 ? x - value / p.y() : 0.5 * (lo + hi);
        if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
        const bool done = std::abs(next - x) <= kEventRelTol;
        x = next;
        if (done) break;
    }
    return x;
}

}  // namespace

std::optional<NumericOutcome> integrateInAngle(const JiaWangModel& m, const JiaWangOptions& options,
                                               ImpactResult& result) {
    if (!(calcImpactSolutionMargin(m.problem) > 0.0)) return std::nullopt;   // (18): events c and r are reached
    const double capture = (m.sticks() ? std::sqrt(options.stickSpeedRelTol) : options.stickSpeedRelTol) *
                           m.problem.vMinus.norm();
    const double sinTol = std::sin(options.lAngleTol);
    const Vec2 gamma0 = m.gammaMinus;
    const double r0 = gamma0.norm();
    if (r0 <= capture) return finishAtZeroSliding(m, PathState{}, 0);

    const Trig2 f = makeInvariantResidual(m), g = makeRadialRate(m);
    const double phi0 = std::atan2(gamma0.y(), gamma0.x());
    const double f0 = f.at(phi0);
    if (sinTol * std::hypot(f0, g.at(phi0)) - std::abs(f0) >= 0.0) return finishOnRay(m, PathState{}, gamma0, 0);
    const double dir = f0 > 0.0 ? 1.0 : -1.0;
    const std::optional<double> root = findRootAhead(f, phi0, dir);
    if (!root) return std::nullopt;
    const AngleIntegrator path(m, *root, dir, options.localErrorTol);
    // Event l: |f| = sinTol hypot(f, g). To first order in phi - phi* at
    // d1 = sinTol |g| / |f'| from the ray, which is within d1^2 |f''| / (2 |f'|)
    // of it; otherwise (a small |f'|: a near-double root) regula falsi
    // between the ray (margin sinTol |g| > 0) and the start (margin < 0).
    const double startDistance = std::abs(*root - phi0);
    const double slope = std::abs(f.slopeAt(*root));
    double lDistance = sinTol * std::abs(g.at(*root)) / slope;
    if (!(lDistance < startDistance) || !(0.5 * lDistance * f.curvatureBound() <= kLDistanceRelTol * slope)) {
        IllinoisBracket b{0.0, startDistance, path.calcCollinearityMargin(0.0, sinTol),
                          path.calcCollinearityMargin(startDistance, sinTol)};
        for (int it = 0; it < kLIterations && b.hi - b.lo > kLDistanceRelTol * b.lo; ++it) {
            const double x = std::clamp(b.calcChordZero(), b.lo, b.hi);
            b.narrow(x, path.calcCollinearityMargin(x, sinTol));
        }
        lDistance = b.lo;   // the margin is >= 0 here: l has happened
    }
    const double wStart = AngleIntegrator::toW(startDistance);
    const double wEnd = AngleIntegrator::toW(lDistance);
    if (!(wEnd > wStart) || !(wEnd - wStart < kMaxAngleEFolds)) return std::nullopt;

    using Point = AngleIntegrator::Point;
    const ChebyshevPanel& cheb = getChebyshevPanel();
    const double logCapture = std::log(capture);
    NumericOutcome out;
    ImpactPhase phase = ImpactPhase::Compression;
    Point at{wStart, std::log(r0), 0.0, 0.0};
    double length = std::min(kFirstPanel, wEnd - wStart);
    AngleIntegrator::Panel panel;
    auto stateAt = [&](const Point& q) {
        return PathState{path.impulse(q), q.E, phase};
    };
    auto pointAt = [&](int j) { return Point{panel.w(j), panel.logSpeed(j), panel.In(j), panel.E(j)}; };
    // The panel's interpolants at x in [-1, 1].
    auto interpolate = [&](double x) {
        const PanelVector t = cheb.interpolationWeights(x);
        return Point{at.w + 0.5 * length * (x + 1.0), t.dot(panel.logSpeed), t.dot(panel.In), t.dot(panel.E)};
    };

    while (true) {
        if (out.steps >= options.maxSteps) {
            out.state = stateAt(at);
            out.stepLimitHit = true;
            return out;
        }
        path.integrate(at, length, panel);
        ++out.steps;
        const double ratio = std::clamp(kPanelSafety / std::sqrt(std::sqrt(std::sqrt(panel.error))), kMinPanelRatio,
                                        kMaxPanelRatio);
        if (!(panel.error <= 1.0)) {
            length *= ratio;
            continue;
        }
        // E falls in restitution (v_n > 0), so r is on this panel only if E is
        // <= 0 at its end; c, s and r need E at its points.
        const bool cOnPanel = phase == ImpactPhase::Compression && panel.vn(kPanelOrder) >= 0.0;
        if (cOnPanel || panel.logSpeed.minCoeff() <= logCapture ||
            (phase == ImpactPhase::Restitution && panel.E(kPanelOrder) <= 0.0))
            panel.fillEnergy();
        // Past c the panel's E is shifted by -(1 - e^2) E_c: its rate does not depend on E.
        double shift = 0.0, xFrom = -1.0;
        for (int j = 1; j < kPanelPoints; ++j) {
            const double lo = std::max(cheb.nodes(j - 1), xFrom);
            if (phase == ImpactPhase::Compression && panel.vn(j) >= 0.0) {   // event c
                // Newton on v_n of the interpolated ln r and I_n (integrals,
                // which interpolate more accurately than the composite v_n),
                // from the zero of the cubic Hermite interpolant between the
                // two points (values and rates known there).
                const double a = cheb.nodes(j - 1), hi = cheb.nodes(j), span = hi - a;
                const double v0 = panel.vn(j - 1), v1 = panel.vn(j);
                const double d0 = panel.vnRate(j - 1) * 0.5 * length * span, d1 = panel.vnRate(j) * 0.5 * length * span;
                auto hermite = [&](double t) {   // value and slope in t in [0, 1]
                    const double t2 = t * t, t3 = t2 * t;
                    return Vec2((2 * t3 - 3 * t2 + 1) * v0 + (t3 - 2 * t2 + t) * d0 + (-2 * t3 + 3 * t2) * v1 +
                                    (t3 - t2) * d1,
                                (6 * t2 - 6 * t) * v0 + (3 * t2 - 4 * t + 1) * d0 + (-6 * t2 + 6 * t) * v1 +
                                    (3 * t2 - 2 * t) * d1);
                };
                double t = std::clamp(v0 / (v0 - v1), 0.0, 1.0);
                for (int it = 0; it < kHermiteIterations; ++it) {
                    const Vec2 hv = hermite(t);
                    if (!(hv.y() > 0.0)) break;
                    t = std::clamp(t - hv.x() / hv.y(), 0.0, 1.0);
                }
                double x = std::clamp(a + span * t, lo, hi);
                Point c = interpolate(x);
                for (int it = 0; it < kEventPolishIterations; ++it) {
                    const Vec2 vn = path.normalVelocityAndRate(c);
                    if (!(vn.y() > 0.0)) break;
                    const double dx = -vn.x() / vn.y() / (0.5 * length);
                    x = std::clamp(x + dx, lo, hi);
                    c = interpolate(x);
                    if (!(std::abs(dx) > kEventPolishTol)) break;
                }
                const Vec3 I = path.impulse(c);
                result.events.push_back({ImpactEventKind::EndOfCompression, I.z(), I});
                result.compressionImpulse = I;
                phase = ImpactPhase::Restitution;
                shift = (1.0 - m.e * m.e) * c.E;   // restitution returns e^2 of the stored energy (eq. 12)
                xFrom = x;
                if (!(c.E - shift > 0.0)) {   // nothing stored to return (e = 0): r = c
                    out.state = PathState{I, 0.0, phase};
                    result.impulse = I;
                    result.events.push_back({ImpactEventKind::EndOfImpact, I.z(), I});
                    return out;
                }
            }
            if (phase == ImpactPhase::Restitution && panel.E(j) - shift <= 0.0) {   // event r
                const double x = locateOnPanel(panel.E, shift, -1.0, std::max(cheb.nodes(j - 1), xFrom), cheb.nodes(j));
                out.state = stateAt(interpolate(x));
                out.state.E = 0.0;
                result.impulse = out.state.I;
                result.events.push_back({ImpactEventKind::EndOfImpact, out.state.I.z(), out.state.I});
                return out;
            }
            if (panel.logSpeed(j) <= logCapture) {   // event s
                Point s = pointAt(j);
                s.E -= shift;
                return finishAtZeroSliding(m, stateAt(s), out.steps);
            }
        }
        at = pointAt(kPanelOrder);
        at.E -= shift;
        if (at.w >= wEnd) {   // event l: on along the exact ray (eqs. 42-44)
            out.state = stateAt(at);
            InvariantDirection ray;
            ray.direction = path.rootDirection();
            ray.lambda = path.rootRadialRate();   // eq. 32
            out.stretches = makeStretchesAlongRay(m, out.state.I.z(), std::exp(at.logSpeed), ray.direction, ray.lambda);
            return out;
        }
        length = std::min(length * ratio, wEnd - at.w);
    }
}

}  // namespace impactlab
