#include "sim/tosses/TossScore.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace impactlab {

VelocityChange calcVelocityChange(const std::vector<TossState>& samples, int firstAfter, const TossBody& body) {
    const int n = static_cast<int>(samples.size());
    const int before = std::clamp(firstAfter - kImpactSamplesBefore, 0, n - 1);
    const int after = std::clamp(firstAfter + kImpactSamplesAfter, 0, n - 1);
    VelocityChange c;
    c.linear = samples[after].velocity - samples[before].velocity - body.gravity * ((after - before) * body.dt);
    c.angular = samples[after].angularVelocity - samples[before].angularVelocity;
    return c;
}

std::optional<int> findMeasuredImpact(const std::vector<TossState>& samples, int from) {
    for (int k = std::max(from, 0) + 1; k < static_cast<int>(samples.size()); ++k)
        if (samples[k].velocity.z() - samples[k - 1].velocity.z() > kMeasuredImpactRise) return k;
    return std::nullopt;
}

double calcRotationAngleDeg(const Quat& a, const Quat& b) {
    const Quat r = a.conjugate() * b;
    return 2.0 * std::atan2(r.vec().norm(), std::abs(r.w())) * 180.0 / kPi;
}

TossError compareToss(const Toss& measured, int startSample, const SimulatedToss& predicted, const TossBody& body) {
    TossError e;
    e.id = measured.id;
    e.group = measured.group;
    e.startSample = startSample;
    const int n = static_cast<int>(measured.samples.size()) - startSample;
    if (n < 1 || static_cast<int>(predicted.samples.size()) < n)
        throw std::invalid_argument("compareToss: fewer predicted samples than measured ones after the start");
    e.samples = n;
    double position = 0.0, rotation = 0.0;
    for (int k = 0; k < n; ++k) {
        const TossState& m = measured.samples[static_cast<std::size_t>(startSample + k)];
        const TossState& p = predicted.samples[static_cast<std::size_t>(k)];
        position += (p.position - m.position).norm();
        rotation += calcRotationAngleDeg(p.orientation, m.orientation);
    }
    e.position = position / n / body.width();
    e.rotation = rotation / n;

    const std::optional<int> hit = findMeasuredImpact(measured.samples, startSample);
    if (hit && predicted.firstImpactTime >= 0.0) {
        const std::vector<TossState> after(measured.samples.begin() + startSample, measured.samples.end());
        const VelocityChange m = calcVelocityChange(after, *hit - startSample, body);
        // The first predicted sample after its first impact.
        const int firstAfter = static_cast<int>(std::floor(predicted.firstImpactTime / body.dt)) + 1;
        const VelocityChange p = calcVelocityChange(predicted.samples, firstAfter, body);
        e.measuredChange = m;
        e.predictedChange = p;
        if (m.linear.norm() > 0.0) e.firstImpactLinear = (p.linear - m.linear).norm() / m.linear.norm();
        if (m.angular.norm() > 0.0) e.firstImpactAngular = (p.angular - m.angular).norm() / m.angular.norm();
    }
    return e;
}

Spread calcSpread(std::vector<double> values) {
    Spread s;
    s.count = static_cast<int>(values.size());
    if (values.empty()) return s;
    s.mean = std::accumulate(values.begin(), values.end(), 0.0) / s.count;
    double ss = 0.0;
    for (double v : values) ss += (v - s.mean) * (v - s.mean);
    s.std = s.count > 1 ? std::sqrt(ss / (s.count - 1)) : 0.0;
    std::sort(values.begin(), values.end());
    s.median = s.count % 2 ? values[s.count / 2] : 0.5 * (values[s.count / 2 - 1] + values[s.count / 2]);
    return s;
}

TossScoreSummary summarize(const std::vector<TossError>& errors) {
    std::vector<double> position, rotation, linear, angular;
    for (const TossError& e : errors) {
        position.push_back(e.position);
        rotation.push_back(e.rotation);
        if (e.firstImpactLinear) linear.push_back(*e.firstImpactLinear);
        if (e.firstImpactAngular) angular.push_back(*e.firstImpactAngular);
    }
    return {calcSpread(position), calcSpread(rotation), calcSpread(linear), calcSpread(angular)};
}

double calcTossObjective(const TossError& e, const TossBody& body) {
    // A turn by theta moves a corner by |half extents| theta.
    const double cornerPerRadian = body.halfExtents.norm() / body.width();
    return e.position + cornerPerRadian * e.rotation * kPi / 180.0;
}

}  // namespace impactlab
