#include "diagram/RayLabels.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <limits>

namespace impactlab {

namespace {

// Across the ray, a label tries its own side first, then one label height
// further out, then the ray's other side (rays a few degrees apart run
// nearly parallel near the box edge, where sliding along them gains little).
constexpr int kLanes[] = {0, 1, -2, 2, -3};

// The distance from the origin along unit `d` to the edge of the box.
double calcExitDistance(const Vec2& boxMin, const Vec2& boxMax, const Vec2& d) {
    double t = std::numeric_limits<double>::infinity();
    if (d.x() > 0.0) t = std::min(t, boxMax.x() / d.x());
    if (d.x() < 0.0) t = std::min(t, boxMin.x() / d.x());
    if (d.y() > 0.0) t = std::min(t, boxMax.y() / d.y());
    if (d.y() < 0.0) t = std::min(t, boxMin.y() / d.y());
    return std::isfinite(t) ? std::max(t, 0.0) : 0.0;
}

std::string makeAngleText(double angleDeg) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f\xC2\xB0", angleDeg);   // U+00B0 degree sign
    return text;
}

RayLabel makeLabelAt(const std::string& text, const Vec2& anchor, double width, double height) {
    RayLabel label;
    label.text = text;
    label.anchor = anchor;
    label.min = Vec2(anchor.x() - 0.5 * width, anchor.y());
    label.max = Vec2(anchor.x() + 0.5 * width, anchor.y() + height);
    return label;
}

}  // namespace

bool doRayLabelsOverlap(const RayLabel& a, const RayLabel& b) {
    return a.min.x() < b.max.x() && b.min.x() < a.max.x() && a.min.y() < b.max.y() && b.min.y() < a.max.y();
}

std::vector<RayLabel> placeRayLabels(const std::vector<InvariantRay>& rays, const Vec2& boxMin, const Vec2& boxMax,
                                     const std::vector<RayLabel>& avoid, const RayLabelOptions& options) {
    const double span = (boxMax - boxMin).cwiseAbs().maxCoeff();
    const double width = options.widthShare * span, height = options.heightShare * span;
    std::vector<RayLabel> placed = avoid;
    placed.reserve(avoid.size() + rays.size());
    for (const InvariantRay& ray : rays) {
        const Vec2 d = ray.direction.normalized();
        // Beside the ray on its upper side: the label is drawn above its anchor.
        Vec2 side(-d.y(), d.x());
        if (side.y() < 0.0) side = -side;
        const double exit = calcExitDistance(boxMin, boxMax, d);
        const std::string text = makeAngleText(ray.angleDeg);
        // Step `step` inward along the ray, moved `lane` label heights across it.
        auto makeAt = [&](int step, int lane) {
            const double along = std::max(0.0, options.alongShare - step * options.stepShare);
            const double across = options.offsetShare * span + lane * height;
            return makeLabelAt(text, along * exit * d + across * side, width, height);
        };
        RayLabel label = makeAt(0, 0);
        label.clear = false;
        for (int step = 0; step <= options.maxSteps && !label.clear; ++step)
            for (int lane : kLanes) {
                const RayLabel tried = makeAt(step, lane);
                const bool free = std::none_of(placed.begin(), placed.end(),
                                               [&](const RayLabel& other) { return doRayLabelsOverlap(tried, other); });
                if (free) {
                    label = tried;
                    label.clear = true;
                    break;
                }
            }
        placed.push_back(std::move(label));
    }
    return std::vector<RayLabel>(placed.begin() + static_cast<std::ptrdiff_t>(avoid.size()), placed.end());
}

}  // namespace impactlab
