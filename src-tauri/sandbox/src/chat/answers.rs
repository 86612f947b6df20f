//! The sandbox's built-in answers: a small set of realistic replies, in English and Chinese,
//! picked by the prompt's language and keywords (a greeting, code, tea, a trip, an e-mail, a
//! summary, rainbows and the sky), so a demo shows different answers to different questions:
//! prose, lists, a Markdown table and fenced code. The choice is deterministic.

/// What a prompt is about, by its keywords (checked in this order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Code,
    Tea,
    Trip,
    Email,
    Summary,
    Light,
    Greeting,
}

const CODE_WORDS: [&str; 16] = [
    "code",
    "function",
    "python",
    "script",
    "regex",
    "bug",
    "error",
    "javascript",
    "typescript",
    "rust",
    "sql",
    "program",
    "compile",
    "api",
    "debug",
    "loop",
];
const CODE_WORDS_ZH: [&str; 7] = ["代码", "函数", "编程", "脚本", "报错", "程序", "正则"];
const TEA_WORDS: [&str; 4] = ["tea", "teas", "coffee", "oolong"];
const TEA_WORDS_ZH: [&str; 3] = ["茶", "咖啡", "冲泡"];
const TRIP_WORDS: [&str; 7] = ["trip", "travel", "itinerary", "visit", "weekend", "vacation", "holiday"];
const TRIP_WORDS_ZH: [&str; 5] = ["旅行", "旅游", "行程", "出游", "周末"];
const EMAIL_WORDS: [&str; 4] = ["email", "e-mail", "letter", "mail"];
const EMAIL_WORDS_ZH: [&str; 3] = ["邮件", "写信", "回信"];
const SUMMARY_WORDS: [&str; 4] = ["summarize", "summarise", "summary", "tl;dr"];
const SUMMARY_WORDS_ZH: [&str; 4] = ["总结", "概括", "摘要", "归纳"];
const LIGHT_WORDS: [&str; 6] = ["rainbow", "rainbows", "sky", "blue", "sunset", "light"];
const LIGHT_WORDS_ZH: [&str; 4] = ["彩虹", "天空", "蓝色", "日落"];
const GREETING_WORDS: [&str; 5] = ["hello", "hi", "hey", "morning", "greetings"];
const GREETING_WORDS_ZH: [&str; 4] = ["你好", "您好", "嗨", "早上好"];

fn has_word(prompt: &str, words: &[&str]) -> bool {
    let lower = prompt.to_lowercase();
    lower.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == ';')).any(|w| words.contains(&w))
}

fn has_text(prompt: &str, texts: &[&str]) -> bool {
    let lower = prompt.to_lowercase();
    texts.iter().any(|t| lower.contains(t))
}

/// The kind of answer a prompt gets, if one of the built-in answers fits it.
pub(crate) fn kind_of(prompt: &str, chinese: bool) -> Option<Kind> {
    let words = prompt.split_whitespace().count();
    let short = if chinese { prompt.chars().count() <= 12 } else { words <= 5 };
    let checks: [(Kind, bool); 7] = if chinese {
        [
            (Kind::Code, has_text(prompt, &CODE_WORDS_ZH) || has_word(prompt, &CODE_WORDS)),
            (Kind::Tea, has_text(prompt, &TEA_WORDS_ZH)),
            (Kind::Trip, has_text(prompt, &TRIP_WORDS_ZH)),
            (Kind::Email, has_text(prompt, &EMAIL_WORDS_ZH)),
            (Kind::Summary, has_text(prompt, &SUMMARY_WORDS_ZH)),
            (Kind::Light, has_text(prompt, &LIGHT_WORDS_ZH)),
            (Kind::Greeting, short && has_text(prompt, &GREETING_WORDS_ZH)),
        ]
    } else {
        [
            (Kind::Code, has_word(prompt, &CODE_WORDS)),
            (Kind::Tea, has_word(prompt, &TEA_WORDS)),
            (Kind::Trip, has_word(prompt, &TRIP_WORDS)),
            (Kind::Email, has_word(prompt, &EMAIL_WORDS)),
            (Kind::Summary, has_word(prompt, &SUMMARY_WORDS)),
            (Kind::Light, has_word(prompt, &LIGHT_WORDS)),
            (Kind::Greeting, short && has_word(prompt, &GREETING_WORDS)),
        ]
    };
    checks.into_iter().find(|(_, hit)| *hit).map(|(kind, _)| kind)
}

/// The answer of that kind, in the prompt's language.
pub(crate) fn answer(kind: Kind, prompt: &str, chinese: bool) -> String {
    match (kind, chinese) {
        (Kind::Code, false) if has_word(prompt, &["rust"]) => CODE_RUST.to_string(),
        (Kind::Code, false) => CODE_PYTHON.to_string(),
        (Kind::Code, true) => CODE_PYTHON_ZH.to_string(),
        (Kind::Tea, false) => TEA.to_string(),
        (Kind::Tea, true) => TEA_ZH.to_string(),
        (Kind::Trip, false) => TRIP.to_string(),
        (Kind::Trip, true) => TRIP_ZH.to_string(),
        (Kind::Email, false) => EMAIL.to_string(),
        (Kind::Email, true) => EMAIL_ZH.to_string(),
        (Kind::Summary, false) => SUMMARY.to_string(),
        (Kind::Summary, true) => SUMMARY_ZH.to_string(),
        (Kind::Light, false) => LIGHT.to_string(),
        (Kind::Light, true) => LIGHT_ZH.to_string(),
        (Kind::Greeting, false) => GREETING.to_string(),
        (Kind::Greeting, true) => GREETING_ZH.to_string(),
    }
}

const CODE_PYTHON: &str = r#"Here's a small, tested way to do it in Python. It removes repeated items and keeps the first of each, in order:

```python
def unique_in_order(items):
    """Return the items without repeats, keeping the first of each."""
    seen = set()
    result = []
    for item in items:
        if item not in seen:
            seen.add(item)
            result.append(item)
    return result


assert unique_in_order([3, 1, 3, 2, 1]) == [3, 1, 2]
print(unique_in_order("mississippi"))  # ['m', 'i', 's', 'p']
```

**How it works**

- `seen` is a set, so each check is constant time on average and the whole pass is *O(n)*.
- The `assert` doubles as a quick test: run the file, and if nothing fails the function behaves.

If every item is hashable, `list(dict.fromkeys(items))` does the same in one line. Tell me which language you're using if it isn't Python, and I'll translate it."#;

const CODE_RUST: &str = r#"In Rust the idiomatic way is an iterator with a `HashSet` that remembers what it has seen:

```rust
use std::collections::HashSet;
use std::hash::Hash;

/// The items without repeats, the first of each kept, in order.
fn unique_in_order<T: Eq + Hash + Clone>(items: &[T]) -> Vec<T> {
    let mut seen = HashSet::new();
    items.iter().filter(|item| seen.insert((*item).clone())).cloned().collect()
}

fn main() {
    assert_eq!(unique_in_order(&[3, 1, 3, 2, 1]), vec![3, 1, 2]);
    println!("{:?}", unique_in_order(&["a", "b", "a"]));
}
```

`HashSet::insert` returns `false` when the value was already there, so `filter` keeps only first sightings. It runs in *O(n)* time; if the items are `Copy`, drop the `.clone()` calls."#;

const CODE_PYTHON_ZH: &str = r#"下面是一个用 Python 写的小函数，去掉重复项，并按原来的顺序保留每项第一次出现的位置：

```python
def unique_in_order(items):
    """去掉重复项，保留每项第一次出现的位置。"""
    seen = set()
    result = []
    for item in items:
        if item not in seen:
            seen.add(item)
            result.append(item)
    return result


assert unique_in_order([3, 1, 3, 2, 1]) == [3, 1, 2]
print(unique_in_order("mississippi"))  # ['m', 'i', 's', 'p']
```

**原理**

- `seen` 是集合，每次查找平均是常数时间，整体复杂度为 *O(n)*。
- `assert` 就是一个小测试：运行文件时没有报错，说明函数行为正确。

如果所有元素都可哈希，也可以一行写成 `list(dict.fromkeys(items))`。如果你用的不是 Python，告诉我语言，我来改写。"#;

const TEA: &str = r#"Tea comes in six families, told apart by how far the leaves are oxidised after picking:

| Kind | Example | Processing | Taste | Water | Steep |
|:-----|:--------|:-----------|:------|------:|------:|
| Green | Longjing | pan-fired, not oxidised | fresh, grassy | 80 °C | 2 min |
| White | Silver Needle | withered and dried | light, honeyed | 85 °C | 3 min |
| Yellow | Junshan Yinzhen | lightly "smothered" | mellow | 80 °C | 2 min |
| Oolong | Tieguanyin | partly oxidised | floral to roasted | 95 °C | 1 min, several times |
| Black | Keemun | fully oxidised | malty, rich | 95 °C | 3–4 min |
| Dark | Pu'er | fermented and aged | earthy, smooth | 100 °C | 30 s, several times |

A few tips for a better cup:

1. Use about **1 g of leaves per 50 ml** of water, a little more for oolong and pu'er.
2. Don't pour boiling water on green tea: it turns bitter. Let the kettle rest a minute.
3. Good leaves can be steeped again; each infusion tastes a little different.

Would you like a recommendation to start with?"#;

const TEA_ZH: &str = r#"茶按采摘后的氧化（发酵）程度，大致分为六大类：

| 类别 | 代表 | 工艺 | 口感 | 水温 | 冲泡时间 |
|:-----|:-----|:-----|:-----|-----:|-------:|
| 绿茶 | 西湖龙井 | 杀青，不发酵 | 鲜爽、清香 | 80 °C | 2 分钟 |
| 白茶 | 白毫银针 | 萎凋、干燥 | 清淡、带蜜香 | 85 °C | 3 分钟 |
| 黄茶 | 君山银针 | 轻微闷黄 | 醇和 | 80 °C | 2 分钟 |
| 乌龙茶 | 铁观音 | 半发酵 | 花香到焙火香 | 95 °C | 1 分钟，可多泡 |
| 红茶 | 祁门红茶 | 全发酵 | 浓郁、麦芽香 | 95 °C | 3–4 分钟 |
| 黑茶 | 普洱 | 后发酵、陈放 | 醇厚、顺滑 | 100 °C | 30 秒，可多泡 |

几个小建议：

1. 茶水比大约 **1 克茶叶配 50 毫升水**，乌龙和普洱可以稍多一些。
2. 绿茶不要用沸水直接冲，会发苦；水开后稍等一分钟。
3. 好茶可以多次冲泡，每一泡的味道都略有不同。

需要我推荐一款入门的茶吗？"#;

const TRIP: &str = r#"Here's a relaxed two-day plan that works for most city trips. Adjust the pace to how you like to travel.

### Day 1: get your bearings

- **Morning:** a walk through the old town, with coffee somewhere the locals go.
- **Lunch:** the covered market: small plates, so you can try several things.
- **Afternoon:** one museum, not three. Pick the one you'd regret missing.
- **Evening:** sunset from a viewpoint, then dinner near your hotel.

### Day 2: go a little further

- **Morning:** a park or riverside path, best before the crowds.
- **Afternoon:** a neighbourhood outside the centre, by public transport.
- **Evening:** something you can only do there: a concert, a night market, a local dish.

**Before you go**

1. Book the one thing that sells out (a museum slot, a popular restaurant).
2. Keep the address of your hotel written in the local language.
3. Leave two free hours each day: that's where the best surprises happen.

Tell me where you're going and when, and I'll make it specific."#;

const TRIP_ZH: &str = r#"下面是一个轻松的两日行程，适合大多数城市旅行，节奏可以按你的习惯调整。

### 第一天：先熟悉城市

- **上午：**在老城区散步，找一家本地人常去的咖啡馆。
- **午饭：**去市场吃小份的本地菜，可以多尝几样。
- **下午：**只去一个博物馆，选你最不想错过的那个。
- **晚上：**找个观景点看日落，然后在酒店附近吃晚饭。

### 第二天：走远一点

- **上午：**去公园或河边步道，早一点人少。
- **下午：**坐公共交通去市中心以外的街区看看。
- **晚上：**做一件只有当地才有的事：一场演出、一个夜市或一道特色菜。

**出发前**

1. 提前预订容易售罄的项目（博物馆时段、热门餐厅）。
2. 用当地语言写下酒店地址，随身带着。
3. 每天留出两小时空档，最好的惊喜往往在这时出现。

告诉我目的地和日期，我可以把行程做得更具体。"#;

const EMAIL: &str = r#"Here's a draft you can adapt. It's short, says what you need in the first line, and makes it easy to answer:

> **Subject:** Quick question about next week's review
>
> Hi Alex,
>
> Could we move Thursday's review to Friday morning? Two of the test results won't be ready until Thursday evening, and I'd rather we look at complete numbers.
>
> Friday 10:00 or 11:30 both work for me. If neither suits you, just suggest a time.
>
> Thanks,
> Lin

**Why it works**

- The request is in the first sentence, the reason in the second.
- It offers concrete times, so the reply can be one line.

Want it more formal, or in Chinese?"#;

const EMAIL_ZH: &str = r#"下面是一封可以直接修改使用的邮件草稿：开门见山，方便对方回复。

> **主题：**关于下周评审时间的请求
>
> 王经理您好：
>
> 能否把周四的评审改到周五上午？有两项测试结果要到周四晚上才能出来，我希望评审时数据是完整的。
>
> 周五 10:00 或 11:30 我都可以。如果都不合适，请您定一个时间。
>
> 谢谢！
> 林小雅

**这样写的好处**

- 第一句就说清请求，第二句说明原因。
- 给出具体时间，对方一句话就能回复。

需要更正式一些，或者改成英文吗？"#;

const SUMMARY: &str = r#"**In short:** the update changes how the knowledge base is searched, not what it contains.

- **What changed:** search now ranks recent, verified articles first, and duplicates are merged.
- **Who is affected:** everyone who searches; editors also get a "needs review" queue.
- **What you need to do:** nothing for now. Editors should clear their queue by the end of the month.
- **Open question:** whether archived articles should still appear in results (decision next week).

If you paste the full text, I can summarize it line by line instead."#;

const SUMMARY_ZH: &str = r#"**一句话概括：**这次更新改变的是知识库的检索方式，而不是内容本身。

- **变化：**搜索结果优先显示最近且已审核的文章，重复内容已合并。
- **影响范围：**所有使用搜索的人；编辑还会多一个“待审核”队列。
- **需要做什么：**目前不需要操作。编辑请在月底前清空自己的队列。
- **待定事项：**已归档的文章是否还出现在结果中（下周决定）。

如果你把全文贴给我，我可以逐段总结。"#;

const LIGHT: &str = r#"Both come from sunlight meeting something in the air, and both are about colour being sorted.

### A rainbow

1. **Refraction:** sunlight enters a raindrop and bends. Each colour bends by a slightly different amount, so white light fans out into red, orange, yellow, green, blue and violet.
2. **Reflection:** the light bounces off the back of the drop.
3. **Refraction again** on the way out, which spreads the colours further.

Each drop sends one colour to your eye, at about **42°** from the point opposite the sun (red) down to about **40°** (violet). Millions of drops together draw the arc, which is why you only see a rainbow with the sun *behind* you.

### A blue sky

Air molecules are much smaller than the wavelength of light, and they scatter short wavelengths far more than long ones (*Rayleigh scattering*: about 1/λ⁴). Blue light is scattered all over the sky, so blue reaches you from every direction. At sunset the light crosses much more air, the blue is scattered away before it arrives, and the reds and oranges are left.

> A second, fainter rainbow sometimes appears outside the first, with its colours in reverse order: that's light reflected twice inside each drop."#;

const LIGHT_ZH: &str = r#"两者都来自阳光与空气中的物质相遇，本质上都是颜色被“分拣”了。

### 彩虹

1. **折射：**阳光进入雨滴时发生偏折。不同颜色偏折的角度略有不同，白光因此散开成红、橙、黄、绿、蓝、紫。
2. **反射：**光在雨滴背面反射回来。
3. **再次折射：**光离开雨滴时再偏折一次，颜色分得更开。

每个雨滴只把一种颜色送进你的眼睛：红光在背对太阳方向约 **42°**，紫光约 **40°**。无数雨滴一起画出了这道弧，所以只有**背对太阳**时才能看到彩虹。

### 蓝色的天空

空气分子比光的波长小得多，它们对短波长光的散射远强于长波长光（*瑞利散射*，约与 1/λ⁴ 成正比）。蓝光被散射到整个天空，于是从各个方向都有蓝光进入眼睛。日落时阳光要穿过厚得多的大气，蓝光在途中就被散射掉了，剩下的是红色和橙色。

> 有时在主虹外侧还会出现一道较暗的副虹，颜色顺序相反：那是光在雨滴里反射了两次。"#;

const GREETING: &str = r#"Hello! I'm a model on the Xiaoya sandbox. Some things you can try:

- **Ask a question:** "Explain how a rainbow forms."
- **Get code:** "Write a Python function that removes duplicates."
- **Compare things:** "Tell me about the kinds of tea" (you'll get a table).
- **Plan something:** "Plan a weekend trip."

Replies stream as they're written, so you can stop one at any time."#;

const GREETING_ZH: &str = r#"你好！我是小雅沙盒里的模型。你可以试试：

- **提个问题：**“解释一下彩虹是怎么形成的。”
- **要一段代码：**“写一个去掉重复项的 Python 函数。”
- **做个对比：**“介绍一下茶的种类”（会给出一张表格）。
- **做个计划：**“安排一个周末旅行。”

回复会边写边显示，随时可以停止。"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_pick_the_kind_in_both_languages() {
        assert_eq!(kind_of("Write a Python function that removes duplicates", false), Some(Kind::Code));
        assert_eq!(kind_of("Tell me about tea", false), Some(Kind::Tea));
        assert_eq!(kind_of("Plan a weekend trip to the coast", false), Some(Kind::Trip));
        assert_eq!(kind_of("Help me write an email to my manager", false), Some(Kind::Email));
        assert_eq!(kind_of("Summarize the knowledge-base update", false), Some(Kind::Summary));
        assert_eq!(kind_of("Explain how a rainbow forms", false), Some(Kind::Light));
        assert_eq!(kind_of("Hello", false), Some(Kind::Greeting));
        assert_eq!(kind_of("How do I plan a small project?", false), None);
        assert_eq!(kind_of("Is the stable release out? I said hi to the team", false), None);
        assert_eq!(kind_of("写一个去重的函数", true), Some(Kind::Code));
        assert_eq!(kind_of("介绍一下茶的种类", true), Some(Kind::Tea));
        assert_eq!(kind_of("你好", true), Some(Kind::Greeting));
        assert_eq!(kind_of("为什么天空是蓝色的", true), Some(Kind::Light));
    }

    #[test]
    fn the_tea_answers_hold_a_table_and_the_code_answers_a_fenced_block() {
        for chinese in [false, true] {
            let tea = answer(Kind::Tea, "", chinese);
            assert!(tea.lines().filter(|l| l.starts_with('|')).count() >= 8, "{tea}");
            let code = answer(Kind::Code, "", chinese);
            assert!(code.contains("```python\n") && code.matches("```").count() == 2, "{code}");
        }
        assert!(answer(Kind::Code, "in Rust please", false).contains("```rust\n"));
    }
}
