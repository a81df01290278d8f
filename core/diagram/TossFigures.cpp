#include "diagram/TossFigures.h"

#include <algorithm>
#include <cmath>

#include "diagram/DisplayNames.h"
#include "mechanics/NumberText.h"

namespace impactlab {

namespace {

// The measured cube's series are black (the view's colour -1).
constexpr int kMeasuredColor = -1;
constexpr double kPercent = 100.0;

// The simulators' scores on the tosses, with parameters fitted on the very
// tosses scored (Acosta, Yang & Posa 2022): position % of width, rotation deg.
struct PublishedScore {
    const char* name;
    double position, rotation;
};
constexpr PublishedScore kPublishedScores[] = {
    {"Drake (published)", 13.5, 16.5},
    {"Bullet (published)", 14.9, 16.5},
    {"MuJoCo (published)", 25.1, 21.7},
};

double sampleTime(const TossLawRun& run, int k, const TossBody& body) { return (run.start.startSample + k) * body.dt; }

void addNumber(FigureTable& t, std::size_t row, std::size_t column, double value) {
    TableNumber n;
    n.rule = TableNumber::Rule::Significant;
    n.values.x() = value;
    n.digits = kTossTableDigits;
    t.rows[row][column] = formatNumber(value, kTossTableDigits);
    t.setNumber(row, column, n);
}

std::string formatVector(const Vec3& v) {
    return "(" + formatNumber(v.x(), kTossTableDigits) + ", " + formatNumber(v.y(), kTossTableDigits) + ", " +
           formatNumber(v.z(), kTossTableDigits) + ")";
}

}  // namespace

TossFigures makeTossFigures(const Toss& measured, const std::vector<TossLawRun>& runs, const TossBody& body) {
    TossFigures f;
    f.position.title = "Position error";
    f.position.xLabel = "t [s]";
    f.position.yLabel = "|p_sim - p_meas| / width [%]";
    f.rotation.title = "Orientation error";
    f.rotation.xLabel = "t [s]";
    f.rotation.yLabel = "angle between orientations [deg]";
    f.velocity.title = "Vertical velocity";
    f.velocity.xLabel = "t [s]";
    f.velocity.yLabel = "v_z [m/s]";
    const int measuredCount = static_cast<int>(measured.samples.size());
    for (std::size_t k = 0; k < runs.size(); ++k) {
        const TossLawRun& r = runs[k];
        FigureSeries p, q, v;
        p.name = q.name = v.name = getLawDisplayName(r.law);
        p.colorIndex = q.colorIndex = v.colorIndex = static_cast<int>(k);
        const int n = std::min(static_cast<int>(r.simulated.samples.size()), measuredCount - r.start.startSample);
        for (int i = 0; i < n; ++i) {
            const TossState& sim = r.simulated.samples[static_cast<std::size_t>(i)];
            const TossState& meas = measured.samples[static_cast<std::size_t>(r.start.startSample + i)];
            const double t = sampleTime(r, i, body);
            p.points.emplace_back(t, kPercent * (sim.position - meas.position).norm() / body.width());
            q.points.emplace_back(t, calcRotationAngleDeg(sim.orientation, meas.orientation));
            v.points.emplace_back(t, sim.velocity.z());
        }
        f.position.series.push_back(std::move(p));
        f.rotation.series.push_back(std::move(q));
        f.velocity.series.push_back(std::move(v));
    }
    FigureSeries m;
    m.name = "measured";
    m.colorIndex = kMeasuredColor;
    m.marker = FigureMarker::Circle;
    for (int i = 0; i < measuredCount; ++i)
        m.points.emplace_back(i * body.dt, measured.samples[static_cast<std::size_t>(i)].velocity.z());
    f.velocity.series.push_back(std::move(m));

    FigureTable& t = f.toss;
    t.title = "Toss " + std::to_string(measured.id) + " (group " + std::to_string(measured.group) + ")";
    t.header = {"law", "position [%]", "rotation [deg]", "1st impact dv [m/s]", "dv off [%]",
                "1st impact dw [rad/s]", "dw off [%]"};
    const std::size_t columns = t.header.size();
    // The measured change first: every law's start is the same sample.
    if (!runs.empty() && runs.front().error.measuredChange) {
        const VelocityChange& c = *runs.front().error.measuredChange;
        t.rows.push_back({"measured", "", "", formatVector(c.linear), "", formatVector(c.angular), ""});
    }
    t.numbers.assign(t.rows.size(), std::vector<std::optional<TableNumber>>(columns));
    for (const TossLawRun& r : runs) {
        t.rows.push_back(std::vector<std::string>(columns));
        t.numbers.emplace_back(columns);
        const std::size_t row = t.rows.size() - 1;
        t.rows[row][0] = getLawDisplayName(r.law);
        addNumber(t, row, 1, kPercent * r.error.position);
        addNumber(t, row, 2, r.error.rotation);
        if (r.error.predictedChange) {
            t.rows[row][3] = formatVector(r.error.predictedChange->linear);
            t.rows[row][5] = formatVector(r.error.predictedChange->angular);
        } else {
            t.rows[row][3] = t.rows[row][5] = "no impact";
        }
        if (r.error.firstImpactLinear) addNumber(t, row, 4, kPercent * *r.error.firstImpactLinear);
        if (r.error.firstImpactAngular) addNumber(t, row, 6, kPercent * *r.error.firstImpactAngular);
    }
    return f;
}

FigureTable makeTossFileTable(const TossFileScores& scores) {
    FigureTable t;
    t.title = "Every toss of the file";
    t.header = {"law", "tosses", "position mean [%]", "std", "median", "rotation mean [deg]", "std", "median",
                "1st impact dv off [%]", "dw off [%]"};
    const std::size_t columns = t.header.size();
    for (std::size_t k = 0; k < scores.laws.size(); ++k) {
        t.rows.push_back(std::vector<std::string>(columns));
        t.numbers.emplace_back(columns);
        const std::size_t row = t.rows.size() - 1;
        t.rows[row][0] = getLawDisplayName(scores.laws[k]);
        if (k < scores.refusals.size() && !scores.refusals[k].empty()) {
            t.rows[row][1] = "refused: " + scores.refusals[k];
            continue;
        }
        const TossScoreSummary s = summarize(scores.errors[k]);
        t.rows[row][1] = std::to_string(s.position.count);
        addNumber(t, row, 2, kPercent * s.position.mean);
        addNumber(t, row, 3, kPercent * s.position.std);
        addNumber(t, row, 4, kPercent * s.position.median);
        addNumber(t, row, 5, s.rotation.mean);
        addNumber(t, row, 6, s.rotation.std);
        addNumber(t, row, 7, s.rotation.median);
        if (s.firstImpactLinear.count > 0) addNumber(t, row, 8, kPercent * s.firstImpactLinear.mean);
        if (s.firstImpactAngular.count > 0) addNumber(t, row, 9, kPercent * s.firstImpactAngular.mean);
    }
    for (const PublishedScore& p : kPublishedScores) {
        t.rows.push_back(std::vector<std::string>(columns));
        t.numbers.emplace_back(columns);
        const std::size_t row = t.rows.size() - 1;
        t.rows[row][0] = p.name;
        t.rows[row][1] = "570, fitted on them";
        addNumber(t, row, 2, p.position);
        addNumber(t, row, 5, p.rotation);
    }
    return t;
}

Figure makeTossHistogram(const TossFileScores& scores, bool rotation) {
    Figure f;
    f.title = rotation ? "Rotation error over the file" : "Position error over the file";
    f.xLabel = rotation ? "time-mean rotation error [deg]" : "time-mean position error [% width]";
    f.yLabel = "share of tosses [%]";
    const double scale = rotation ? 1.0 : kPercent;
    double largest = 0.0;
    for (const std::vector<TossError>& errors : scores.errors)
        for (const TossError& e : errors) largest = std::max(largest, scale * (rotation ? e.rotation : e.position));
    if (!(largest > 0.0)) return f;
    const double width = largest / kTossHistogramBins;
    for (std::size_t k = 0; k < scores.laws.size(); ++k) {
        const std::vector<TossError>& errors = scores.errors[k];
        if (errors.empty()) continue;
        std::vector<int> counts(kTossHistogramBins, 0);
        for (const TossError& e : errors) {
            const double x = scale * (rotation ? e.rotation : e.position);
            ++counts[static_cast<std::size_t>(std::clamp(static_cast<int>(x / width), 0, kTossHistogramBins - 1))];
        }
        FigureSeries s;
        s.name = getLawDisplayName(scores.laws[k]);
        s.colorIndex = static_cast<int>(k);
        s.points.emplace_back(0.0, 0.0);
        for (int b = 0; b < kTossHistogramBins; ++b) {
            const double share = kPercent * counts[static_cast<std::size_t>(b)] / static_cast<double>(errors.size());
            s.points.emplace_back(b * width, share);
            s.points.emplace_back((b + 1) * width, share);
        }
        s.points.emplace_back(kTossHistogramBins * width, 0.0);
        f.series.push_back(std::move(s));
    }
    return f;
}

}  // namespace impactlab
